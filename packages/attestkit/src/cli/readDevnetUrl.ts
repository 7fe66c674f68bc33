import type { Command } from "commander";
import { defaultDevnetPort } from "./defaultDevnetPort.js";

/** Where a devnet is expected when nothing names one. */
export const defaultDevnetUrl = `http://127.0.0.1:${defaultDevnetPort}`;

/** The help of every devnet command's `--devnet` option. */
export const devnetOptionDescription = `the running devnet (default: --api, else $ATTESTKIT_API, else ${defaultDevnetUrl})`;

/** The devnet a command talks to, where that URL came from, and a line that says how to name another. */
export type DevnetUrl = {
  url: string;
  from: "--devnet" | "--api" | "$ATTESTKIT_API" | "the default";
  /** For an error about the devnet: the URL used, whence, and the flags that name another. */
  hint: string;
};

export type ReadDevnetUrlParameters = {
  /** The command being run: its own `--devnet`, else the program's `--api`. */
  command: Command;
  /** Where `$ATTESTKIT_API` is read. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
};

/**
 * The devnet every devnet command talks to, read the same way for each: `--devnet`, else the global
 * `--api`, else `$ATTESTKIT_API`, else http://127.0.0.1:8787 (where `attestkit devnet` listens by
 * default). An empty value counts as none.
 *
 * @param parameters - {@link ReadDevnetUrlParameters}
 * @returns The URL and its source. {@link DevnetUrl}
 * @example
 * .action((options, command) => run({ ...options, devnet: readDevnetUrl({ command }).url }))
 */
export function readDevnetUrl({ command, env = process.env }: ReadDevnetUrlParameters): DevnetUrl {
  let root = command;
  while (root.parent) root = root.parent;
  const own = command.opts<{ devnet?: string }>().devnet;
  const api = root.opts<{ api?: string }>().api;
  const [url, from]: [string, DevnetUrl["from"]] = own
    ? [own, "--devnet"]
    : api
      ? [api, "--api"]
      : env.ATTESTKIT_API
        ? [env.ATTESTKIT_API, "$ATTESTKIT_API"]
        : [defaultDevnetUrl, "the default"];
  return {
    url,
    from,
    hint:
      from === "--devnet"
        ? "Check --devnet: it names the running devnet."
        : `${url} is ${from === "the default" ? "the default" : `from ${from}`}: name the running devnet with --devnet URL (read before --api and $ATTESTKIT_API).`,
  };
}
