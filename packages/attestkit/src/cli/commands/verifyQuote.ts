import { getChains } from "../../client/actions/getChains.js";
import { describeError } from "../../errors/describeError.js";
import { toOrderChains } from "../../orders/toOrderChains.js";
import type { LegacyBitcoinEncoding, OrderChains, VerifyOrderResult } from "../../orders/types.js";
import { verifyQuote } from "../../orders/verifyQuote.js";
import { CliError } from "../cliError.js";
import { createServiceClient } from "../createServiceClient.js";
import { exitCodes } from "../exitCodes.js";
import { formatCheckLines } from "../formatCheckLines.js";
import { formatVerdictLine } from "../formatVerdictLine.js";
import { inputLimits } from "../inputLimits.js";
import type { Io } from "../io.js";
import { readJsonObjectFile } from "../readJsonObjectFile.js";
import { reportError } from "../reportError.js";
import {
  describeSource,
  givenSolvers,
  type ResolveSolversReturnType,
  resolveSolvers,
} from "../resolveSolvers.js";

export type VerifyQuoteOptions = {
  /** A saved `POST /quote/v2` answer, or its `protocol.v2` object (`-` for stdin). */
  quote: string;
  /** A saved `GET /chains` answer; without it the chains come from `api`. */
  chains?: string | undefined;
  solver?: string[] | undefined;
  legacyBitcoin?: string | undefined;
  json?: boolean | undefined;
  api: string;
  apiKey?: string | undefined;
  timeoutMs?: number | undefined;
};

const legacyChoices = ["ff-prefixed", "unprefixed"];

/**
 * Runs `attestkit verify --quote FILE`: recomputes the order id, each struct hash and the digest,
 * recovers the signer and prints every check of `verifyQuote`. Exit 0 valid, 1 well-formed but
 * not valid, 2 bad input, 3 network or API error (reading the chains from the service).
 *
 * @param options - {@link VerifyQuoteOptions}
 * @param io - Where to print.
 * @returns The exit code.
 * @example
 * await runVerifyQuote({ quote: "quote.json", chains: "chains.json", api }, io) // 0
 */
export async function runVerifyQuote(options: VerifyQuoteOptions, io: Io): Promise<number> {
  let resolved: ResolveSolversReturnType = givenSolvers(options.solver);
  try {
    if (options.legacyBitcoin !== undefined && !legacyChoices.includes(options.legacyBitcoin))
      throw new CliError(`--legacy-bitcoin must be one of ${legacyChoices.join(", ")}.`, {
        exitCode: exitCodes.badInput,
      });
    const quote = readJsonObjectFile({ file: options.quote, ...inputLimits.quoteOrOrder });
    // The devnet's solver when the chains come from a devnet, as for an attestation.
    resolved = await resolveSolvers({
      solver: options.solver,
      api: options.chains === undefined ? options.api : undefined,
      apiKey: options.apiKey,
      timeoutMs: Math.min(5_000, options.timeoutMs ?? 5_000),
    });
    const { solvers } = resolved;
    const chains = await readChains(options);
    const result = await verifyQuote({
      quote,
      chains,
      solvers,
      legacyBitcoinEncoding: options.legacyBitcoin as LegacyBitcoinEncoding | undefined,
    });
    if (options.json)
      io.out(JSON.stringify({ ...result, expectedSigners: solvers, solverSource: resolved.source }));
    else print(io, result, resolved);
    return result.valid ? exitCodes.ok : exitCodes.invalid;
  } catch (error) {
    if (options.json)
      io.out(
        JSON.stringify({
          valid: false,
          orderId: null,
          signer: null,
          expectedSigners: resolved.solvers,
          solverSource: resolved.source,
          error: describeError(error),
        }),
      );
    return reportError({ io, error });
  }
}

async function readChains(options: VerifyQuoteOptions): Promise<OrderChains> {
  if (options.chains !== undefined)
    return toOrderChains({
      chains: readJsonObjectFile({ file: options.chains, ...inputLimits.chains }),
    });
  const { client, call, explain } = createServiceClient(options);
  try {
    return toOrderChains({ chains: await getChains(client, call) });
  } catch (error) {
    throw explain(error);
  }
}

function print(io: Io, result: VerifyOrderResult, resolved: ResolveSolversReturnType): void {
  io.out(`version      ${result.version}`);
  for (const { type, path, hash } of result.structHashes) io.out(`struct       ${hash}   ${type} ${path}`);
  io.out(`orderId      ${result.orderId}   hashStruct(Order), recomputed`);
  io.out(`given        ${result.givenOrderId}`);
  io.out(`digest       ${result.digest}   keccak256("\\x19Ethereum Signed Message:\\n32" || orderId)`);
  io.out(`signer       ${result.signer ?? "(none)"}`);
  io.out(`expected     ${resolved.solvers.join(", ")}   ${describeSource(resolved)}`);
  for (const line of formatCheckLines(result.checks.map((check) => ({ label: check.name, ...check }))))
    io.out(line);
  io.out(formatVerdictLine(result));
}
