import { Option } from "commander";
import { CliError } from "./cliError.js";
import { exitCodes } from "./exitCodes.js";

/**
 * Reads repeated `--rpc CHAIN_ID=URL` flags into a map; anything else (no `=`, a chain id that is not
 * digits, a URL that is not http(s)) is a bad-input `CliError` naming the value.
 *
 * @param values - The flag's values.
 * @returns RPC URL per chain id.
 * @example
 * parseRpcFlags(["31337=http://127.0.0.1:8787/rpc/31337"]).get(31337)
 */
export function parseRpcFlags(values: readonly string[]): Map<number, string> {
  const rpcs = new Map<number, string>();
  for (const value of values) {
    const match = /^([0-9]{1,15})=(.+)$/.exec(value);
    let ok = false;
    if (match)
      try {
        const url = new URL(match[2] as string);
        ok = url.protocol === "http:" || url.protocol === "https:";
      } catch {}
    if (!match || !ok)
      throw new CliError(`--rpc must be CHAIN_ID=URL with an http(s) URL, got ${JSON.stringify(value)}.`, {
        exitCode: exitCodes.badInput,
      });
    rpcs.set(Number(match[1]), match[2] as string);
  }
  return rpcs;
}

/**
 * The `--rpc <chain=url>` option, the same in every command: one `CHAIN_ID=URL` per flag, repeated
 * for several, so it never takes the command's positional argument.
 *
 * @param description - The help line.
 * @returns The option, collecting the values into an array (undefined when none is given).
 * @example
 * program.command("explain").addOption(rpcOption("JSON-RPC URL of a chain"))
 */
export function rpcOption(description: string): Option {
  return new Option("--rpc <chain=url>", description).argParser(
    (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
  );
}
