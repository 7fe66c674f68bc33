import type { Command } from "commander";

/** The options every command shares, as set on `attestkit` itself. */
export type GlobalOptions = {
  /** Base URL of the service (`--api`, else `$ATTESTKIT_API`, else mainnet). */
  api: string;
  /** `--api-key`, else `$ATTESTKIT_API_KEY`; undefined when neither is set. */
  apiKey?: string;
};

export type ReadGlobalOptionsParameters = {
  /** The command being run (a subcommand of `attestkit`). */
  command: Command;
  /** Where `$ATTESTKIT_API_KEY` is read from. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
};

/**
 * Reads `--api` and `--api-key` the same way for every command: the flag wins, then
 * `$ATTESTKIT_API_KEY`; an empty key counts as none. The key is read at run time so `--help` never
 * shows it.
 *
 * @param parameters - {@link ReadGlobalOptionsParameters}
 * @returns The service URL and the key, if any. {@link GlobalOptions}
 * @example
 * .action((options, command) => run({ ...options, ...readGlobalOptions({ command }) }))
 */
export function readGlobalOptions({
  command,
  env = process.env,
}: ReadGlobalOptionsParameters): GlobalOptions {
  let root = command;
  while (root.parent) root = root.parent;
  const { api, apiKey: flag } = root.opts<{ api: string; apiKey?: string }>();
  const apiKey = flag || env.ATTESTKIT_API_KEY || undefined;
  return { api, ...(apiKey ? { apiKey } : {}) };
}
