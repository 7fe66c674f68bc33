import { toAttestationWords } from "../../attestation/toAttestationWords.js";
import type { AttestationVersion } from "../../attestation/types.js";
import { verifyAttestation } from "../../attestation/verifyAttestation.js";
import { getAttestation } from "../../client/actions/getAttestation.js";
import { describeError } from "../../errors/describeError.js";
import { validateRequest } from "../../schemas/validateRequest.js";
import { CliError } from "../cliError.js";
import { createServiceClient } from "../createServiceClient.js";
import { exitCodes } from "../exitCodes.js";
import { formatVerdictLine } from "../formatVerdictLine.js";
import type { Io } from "../io.js";
import { type AttestationInput, readAttestationInput } from "../readAttestationInput.js";
import type { GlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";
import {
  describeSource,
  givenSolvers,
  type ResolveSolversReturnType,
  resolveSolvers,
} from "../resolveSolvers.js";
import { printWords } from "./runEncode.js";

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
      // A malformed id is refused before anything is sent.
      validateRequest({ endpoint: "attestation", body: { requestId, version } });
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

    const { solvers } = resolved;
    const result = await verifyAttestation({ ...input, solvers, version });
    if (options.json) {
      io.out(
        JSON.stringify({
          requestId: String(input.requestId).toLowerCase(),
          valid: result.valid,
          signer: result.signer,
          expectedSigners: solvers,
          solverSource: resolved.source,
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
      io.out(`expected     ${solvers.join(", ")}   ${describeSource(resolved)}`);
      io.out(formatVerdictLine(result));
    }
    if (result.reason === "signer-not-allowed" && resolved.source === "default" && result.signer)
      io.err(
        `hint: ${result.signer} signed this, not the live solver. Only if that is the solver of the ` +
          `service the record comes from (another deployment), verify with: --solver ${result.signer}`,
      );
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
          expectedSigners: resolved.solvers,
          solverSource: resolved.source,
          encoded: null,
          hash: null,
          digest: null,
          error: described,
        }),
      );
    return reportError({ io, error });
  }
}
