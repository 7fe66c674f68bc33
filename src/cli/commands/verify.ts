import type { Command } from "commander";
import { defaultSolvers } from "../../attestation/constants.js";
import { toAttestationWords } from "../../attestation/toAttestationWords.js";
import type { AttestationVersion } from "../../attestation/types.js";
import { verifyAttestation } from "../../attestation/verifyAttestation.js";
import { getAttestation } from "../../client/actions/getAttestation.js";
import { createClient } from "../../client/createClient.js";
import { describeError } from "../../errors/describeError.js";
import { CliError } from "../cliError.js";
import { exitCodes } from "../exitCodes.js";
import type { Io } from "../io.js";
import { type AttestationInput, readAttestationInput } from "../readAttestationInput.js";
import { readGlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";
import { printWords } from "./encode.js";
import { runVerifyQuote } from "./verifyQuote.js";

export type VerifyOptions = {
  file?: string;
  quote?: string;
  chains?: string;
  legacyBitcoin?: string;
  requestId?: string;
  solver?: string[];
  v2?: boolean;
  json?: boolean;
  api: string;
  apiKey?: string;
};

/** Registers `attestkit verify`. */
export function registerVerify(program: Command, io: Io): void {
  program
    .command("verify")
    .description(
      "Verify a solver attestation, or a quote's order (--quote), showing every intermediate value",
    )
    .argument("[REQUEST_ID]", "fetch the attestation of this request from the service (without --file)")
    .option(
      "-f, --file <file>",
      "JSON answer of the signature endpoint: {requestData, signature, requestId?} (- for stdin)",
    )
    .option("--request-id <id>", "request id (overrides the file's)")
    .option(
      "--quote <file>",
      "verify the order of a saved POST /quote/v2 answer (or its protocol.v2 object) instead (- for stdin)",
    )
    .option("--chains <file>", "with --quote: a saved GET /chains answer (default: read from --api)")
    .option(
      "--legacy-bitcoin <encoding>",
      "with --quote: how the order encodes legacy Bitcoin addresses, ff-prefixed or unprefixed",
    )
    .option("--solver <address...>", "accepted solver address (repeatable; default: the live solver)")
    .option("--v2", "the /signature/v2 tuple (destinationCurrency, no amount)")
    .option("--json", "print one JSON object")
    .addHelpText(
      "after",
      "\nExit codes: 0 valid, 1 well-formed but not valid, 2 bad input, 3 network or API error.",
    )
    .action(async (positional: string | undefined, options: VerifyOptions, command: Command) => {
      const all = { ...options, ...readGlobalOptions({ command }) };
      io.exit(
        all.quote !== undefined
          ? await runVerifyQuote({ ...all, quote: all.quote }, io)
          : await runVerify(positional, all, io),
      );
    });
}

/** Runs `verify` and returns its exit code. */
export async function runVerify(
  positional: string | undefined,
  options: VerifyOptions,
  io: Io,
): Promise<number> {
  const version: AttestationVersion = options.v2 ? "v2" : "v1";
  const solvers = options.solver?.length ? options.solver : [...defaultSolvers];
  let input: AttestationInput | undefined;
  try {
    if (options.file)
      input = readAttestationInput({ file: options.file, requestId: options.requestId ?? positional });
    else if (positional || options.requestId)
      input = await fetchAttestation(options, (positional ?? options.requestId) as string, version);
    else throw new CliError("Give --file FILE or a REQUEST_ID to fetch.", { exitCode: exitCodes.badInput });

    const result = await verifyAttestation({ ...input, solvers, version });
    if (options.json) {
      io.out(
        JSON.stringify({
          requestId: String(input.requestId).toLowerCase(),
          valid: result.valid,
          signer: result.signer,
          expectedSigners: solvers,
          encoded: result.encoded,
          hash: result.hash,
          digest: result.digest,
          ...(result.reason ? { reason: result.reason } : {}),
        }),
      );
    } else {
      printWords(io, toAttestationWords({ ...input, version }), input);
      io.out(`encoded      ${result.encoded}`);
      io.out(`hash         ${result.hash}   keccak256(encoded)`);
      io.out(`digest       ${result.digest}   keccak256("\\x19Ethereum Signed Message:\\n32" || hash)`);
      io.out(`signer       ${result.signer ?? "(none)"}`);
      io.out(`expected     ${solvers.join(", ")}`);
      io.out(result.valid ? "verdict      VALID" : `verdict      INVALID (${result.reason})`);
    }
    return result.valid ? exitCodes.ok : exitCodes.invalid;
  } catch (error) {
    const described = describeError(error);
    if (options.json)
      io.out(
        JSON.stringify({
          requestId:
            typeof input?.requestId === "string"
              ? input.requestId.toLowerCase()
              : (positional ?? options.requestId ?? null),
          valid: false,
          signer: null,
          expectedSigners: solvers,
          encoded: null,
          hash: null,
          digest: null,
          error: described,
        }),
      );
    return reportError({ io, error });
  }
}

/** Reads the record from the service through the client (validation, retries, typed errors). */
async function fetchAttestation(
  options: VerifyOptions,
  requestId: string,
  version: AttestationVersion,
): Promise<AttestationInput> {
  const client = createClient({
    network: { baseUrl: options.api },
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
  });
  const record = await getAttestation(client, { requestId, version });
  return { requestId, requestData: record.requestData, signature: record.signature };
}
