import { devnetBytes32Encoders } from "../../attestation/devnetBytes32Encoder.js";
import type { AttestationVersion } from "../../attestation/types.js";
import { verifyAttestation } from "../../attestation/verifyAttestation.js";
import { getAttestation } from "../../client/actions/getAttestation.js";
import { InvalidRequestError } from "../../schemas/errors.js";
import { validateRequest } from "../../schemas/validateRequest.js";
import { CliError } from "../cliError.js";
import { createServiceClient } from "../createServiceClient.js";
import { exitCodes } from "../exitCodes.js";
import type { Io } from "../io.js";
import { type AttestationInput, readAttestationInput } from "../readAttestationInput.js";
import type { GlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";
import { givenSolvers, type ResolveSolversReturnType, resolveSolvers } from "../resolveSolvers.js";
import { printVerifyResult } from "./printVerifyResult.js";
import { verifyErrorRecord } from "./verifyErrorRecord.js";

export type VerifyOptions = GlobalOptions & {
  file?: string;
  quote?: string;
  chains?: string;
  legacyBitcoin?: string;
  requestId?: string;
  solver?: string[];
  v2?: boolean;
  json?: boolean;
};

/** Runs `verify` and returns its exit code. */
export async function runVerify(
  positional: string | undefined,
  options: VerifyOptions,
  io: Io,
): Promise<number> {
  const version: AttestationVersion = options.v2 ? "v2" : "v1";
  let input: AttestationInput | undefined;
  let resolved: ResolveSolversReturnType = givenSolvers(options.solver);
  try {
    if (options.file)
      input = readAttestationInput({ file: options.file, requestId: options.requestId ?? positional });
    else if (positional || options.requestId) {
      const requestId = (positional ?? options.requestId) as string;
      // A malformed id is refused before anything is sent, named as it was typed.
      requestIdFlagCheck(requestId, positional ? "REQUEST_ID" : "--request-id", version);
      const { client, call, explain } = createServiceClient(options);
      resolved = await resolveSolvers({
        solver: options.solver,
        api: options.api,
        apiKey: options.apiKey,
        timeoutMs: Math.min(5_000, options.timeoutMs ?? 5_000),
      });
      try {
        const record = await getAttestation(client, { requestId, version }, call);
        input = { requestId, requestData: record.requestData, signature: record.signature };
      } catch (error) {
        throw explain(error);
      }
    } else
      throw new CliError("Give --file FILE or a REQUEST_ID to fetch.", {
        exitCode: exitCodes.badInput,
        metaMessages: ["e.g. attestkit verify --file attestation.json"],
      });

    // A devnet found on this machine (whose solver is trusted the same way) words Bitcoin and the
    // exchange by its published rule; the live service publishes none.
    const encoders = resolved.source === "devnet" ? devnetBytes32Encoders : undefined;
    const result = await verifyAttestation({ ...input, solvers: resolved.solvers, version, encoders });
    printVerifyResult({ io, json: options.json, input, version, result, resolved });
    return result.valid ? exitCodes.ok : exitCodes.invalid;
  } catch (error) {
    if (options.json)
      io.out(
        JSON.stringify(
          verifyErrorRecord({ input, requestId: positional ?? options.requestId, resolved, error }),
        ),
      );
    return reportError({ io, error });
  }
}

/** The request id checked by the attestation request's rule; a broken rule is told of the argument or flag that gave it. */
function requestIdFlagCheck(requestId: string, where: string, version: AttestationVersion): void {
  try {
    validateRequest({ endpoint: "attestation", body: { requestId, version } });
  } catch (error) {
    if (!(error instanceof InvalidRequestError)) throw error;
    const message = error.issues.map((issue) => issue.message).join("; ");
    throw new CliError(`${where} ${JSON.stringify(requestId)} ${message}.`, {
      exitCode: exitCodes.badInput,
      field: where,
      cause: error,
    });
  }
}
