import { type Hex, isAddress } from "viem";
import { devnetBytes32Encoders } from "../../attestation/devnetBytes32Encoder.js";
import { getChains } from "../../client/actions/getChains.js";
import type { RequestOptions } from "../../client/createBaseClient.js";
import type { createClient } from "../../client/createClient.js";
import { explainRequest } from "../../explain/explainRequest.js";
import type { ExplainOutcome } from "../../explain/types.js";
import { checkRequestIdArgument } from "../checkRequestIdArgument.js";
import { CliError } from "../cliError.js";
import { createServiceClient } from "../createServiceClient.js";
import { exitCodes } from "../exitCodes.js";
import { printExplainReport } from "../explain/printExplainReport.js";
import type { Io } from "../io.js";
import { type CurrencyBook, toCurrencyBook } from "../money/currencyBook.js";
import { parseRpcFlags } from "../parseRpcFlags.js";
import { reportError } from "../reportError.js";
import type { ExplainOptions } from "./explainOptions.js";
import { resolveExplainContext } from "./resolveExplainContext.js";

/** Runs `explain` and returns its exit code. */
export async function runExplain(requestId: string, options: ExplainOptions, io: Io): Promise<number> {
  try {
    checkRequestIdArgument(requestId);
    const id = requestId.toLowerCase() as Hex;
    const flagRpcs = parseRpcFlags(options.rpc ?? []);
    for (const solver of options.solver ?? [])
      if (!isAddress(solver, { strict: false }))
        throw new CliError(`--solver ${JSON.stringify(solver)} is not an EVM address.`, {
          exitCode: exitCodes.badInput,
        });
    const { client, call, explain } = createServiceClient(options);
    try {
      return await explainRequestCli(id, options, io, client, call, flagRpcs);
    } catch (error) {
      throw explain(error);
    }
  } catch (error) {
    return reportError({ io, error, json: options.json });
  }
}

/** The exit code of each outcome: consistent 0, inconsistent 1, incomplete 4. */
export const explainExitCodes = {
  consistent: exitCodes.ok,
  inconsistent: exitCodes.invalid,
  incomplete: exitCodes.incomplete,
} as const satisfies Record<ExplainOutcome, number>;

/** Reads every part of the request with the library's reading, prints the report and returns its exit code. */
async function explainRequestCli(
  id: Hex,
  options: ExplainOptions,
  io: Io,
  client: ReturnType<typeof createClient>,
  call: RequestOptions,
  flagRpcs: Map<number, string>,
): Promise<number> {
  const { solvers, devnet, rpcs } = await resolveExplainContext({ requestId: id, options, flagRpcs });
  const report = await explainRequest(
    client,
    {
      requestId: id,
      solvers,
      rpcUrls: rpcs,
      devnet: devnet?.request ?? null,
      // A devnet's Bitcoin and exchange words follow its own published rule (the devnet found on
      // this machine, as its solver is): the live service's have none, and those parts stay unjudged.
      ...(devnet ? { encoders: devnetBytes32Encoders } : {}),
    },
    call,
  );
  if (options.json) io.out(JSON.stringify(report));
  else {
    // Amounts in units need the chain list's decimals; without it they stay in the smallest unit.
    const book = await getChains(client, { ...call, retry: false }).then(
      toCurrencyBook,
      (): CurrencyBook => new Map(),
    );
    printExplainReport(io, report, book);
  }
  return explainExitCodes[report.outcome];
}

export type { ExplainReport, Mismatch } from "../../explain/types.js";
