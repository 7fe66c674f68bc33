import type { Command } from "commander";
import { CliError } from "./cliError.js";
import { exitCodes } from "./exitCodes.js";

/** The live service's base URL: what `--api` is when neither the flag nor `$ATTESTKIT_API` is set. */
export const defaultApi = "https://api.relay.link";

/** The options every command shares, as set on `attestkit` itself. */
export type GlobalOptions = {
  /** Base URL of the service (`--api`, else `$ATTESTKIT_API`, else the live service). */
  api: string;
  /** `--api-key`, else `$ATTESTKIT_API_KEY`; undefined when neither is set. */
  apiKey?: string | undefined;
  /** `--timeout`: how long to wait for the service, in ms; undefined when not given (each command has its default). */
  timeoutMs?: number | undefined;
};

export type ReadGlobalOptionsParameters = {
  /** The command being run (a subcommand of `attestkit`). */
  command: Command;
  /** Where `$ATTESTKIT_API` and `$ATTESTKIT_API_KEY` are read from. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
};

/**
 * Reads `--api`, `--api-key` and `--timeout` the same way for every command: a flag wins, then
 * `$ATTESTKIT_API` / `$ATTESTKIT_API_KEY`; an empty value counts as none. The environment is read
 * at run time, so `--help` never shows the key.
 *
 * @param parameters - {@link ReadGlobalOptionsParameters}
 * @returns The service URL, the key and the timeout, if any. {@link GlobalOptions}
 * @throws {CliError} (exit 2) when `--timeout` is not a whole number of milliseconds, 1 or more.
 * @example
 * .action((options, command) => run({ ...options, ...readGlobalOptions({ command }) }))
 */
export function readGlobalOptions({
  command,
  env = process.env,
}: ReadGlobalOptionsParameters): GlobalOptions {
  let root = command;
  while (root.parent) root = root.parent;
  const { api, apiKey: flag, timeout } = root.opts<{ api?: string; apiKey?: string; timeout?: string }>();
  const apiKey = flag || env.ATTESTKIT_API_KEY || undefined;
  return {
    api: api || env.ATTESTKIT_API || defaultApi,
    ...(apiKey ? { apiKey } : {}),
    ...(timeout !== undefined ? { timeoutMs: parseTimeout(timeout) } : {}),
  };
}

function parseTimeout(value: string): number {
  const ms = Number(value);
  if (!/^[0-9]+$/.test(value) || ms < 1 || !Number.isSafeInteger(ms))
    throw new CliError(
      `--timeout must be a whole number of milliseconds >= 1, got ${JSON.stringify(value)}.`,
      {
        exitCode: exitCodes.badInput,
      },
    );
  return ms;
}
