import { writeFileSync } from "node:fs";
import { getChains } from "../../client/actions/getChains.js";
import type { ChainsResponse } from "../../schemas/index.js";
import { alignColumns } from "../alignColumns.js";
import { CliError } from "../cliError.js";
import { createServiceClient } from "../createServiceClient.js";
import { exitCodes } from "../exitCodes.js";
import type { Io } from "../io.js";
import { plural } from "../plural.js";
import type { GlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";

export type ChainsOptions = GlobalOptions & {
  /** `--out`: the file the answer is saved to. */
  out?: string;
  json?: boolean;
};

/**
 * Runs `chains`: reads `GET /chains` and lists the chains (id, name, VM, native currency), or with
 * `--out` saves the answer as JSON, the form `verify --quote --chains` and `execute --chains-file`
 * read (and `toOrderChains` / `toTrustRoot` in code).
 *
 * @param options - {@link ChainsOptions}
 * @param io - Where to print.
 * @returns The exit code: 0 listed or saved, 2 the file cannot be written, 3 network or API error.
 * @example
 * await runChains({ api: "http://127.0.0.1:8787", out: "chains.json" }, io) // "saved 2 chains to chains.json ..."
 */
export async function runChains(options: ChainsOptions, io: Io): Promise<number> {
  try {
    const { client, call, explain } = createServiceClient(options);
    const answer = await getChains(client, call).catch((error: unknown) => {
      throw explain(error);
    });
    if (options.out !== undefined) saveChains(options.out, answer);
    const count = plural(answer.chains.length, "chain");
    if (options.out !== undefined && options.json)
      io.out(JSON.stringify({ out: options.out, chains: answer.chains.length, api: client.baseUrl }));
    else if (options.out !== undefined) {
      io.out(`saved ${count} to ${options.out} (GET /chains of ${client.baseUrl})`);
      io.out(`read by: verify --quote FILE --chains ${options.out}, execute --chains-file ${options.out}`);
    } else if (options.json) io.out(JSON.stringify(answer));
    else for (const line of chainLines(answer)) io.out(line);
    return exitCodes.ok;
  } catch (error) {
    return reportError({ io, error, json: options.json });
  }
}

/** Writes the answer as indented JSON; a file that cannot be written is bad input naming it. */
function saveChains(file: string, answer: ChainsResponse): void {
  try {
    writeFileSync(file, `${JSON.stringify(answer, null, 2)}\n`);
  } catch (cause) {
    throw new CliError(`Cannot write ${file}.`, { exitCode: exitCodes.badInput, cause, field: "--out" });
  }
}

/** One aligned line per chain: id, name, VM, native currency, and `disabled` where it is. */
function chainLines(answer: ChainsResponse): string[] {
  const rows = answer.chains.map((chain) => [
    String(chain.id),
    chain.name,
    chain.vmType ?? "?",
    chain.currency?.symbol ?? "?",
    chain.disabled ? "disabled" : "",
  ]);
  return alignColumns([["id", "name", "vm", "currency", ""], ...rows]);
}
