import { describeError } from "../../errors/describeError.js";
import type { AttestationInput } from "../readAttestationInput.js";
import type { ResolveSolversReturnType } from "../resolveSolvers.js";

export type VerifyErrorRecordParameters = {
  /** The attestation, when it was read before the error. */
  input: AttestationInput | undefined;
  /** The request id given on the command line (positional or `--request-id`), if any. */
  requestId: string | undefined;
  /** The solvers as far as they were resolved. */
  resolved: ResolveSolversReturnType;
  /** What went wrong. */
  error: unknown;
};

/**
 * What `verify --json` prints when it cannot verify: the same fields as a verdict, not valid and
 * without hashes, and the error described.
 *
 * @param parameters - {@link VerifyErrorRecordParameters}
 * @returns The JSON object.
 * @example
 * io.out(JSON.stringify(verifyErrorRecord({ input, requestId, resolved, error })))
 */
export function verifyErrorRecord({
  input,
  requestId,
  resolved,
  error,
}: VerifyErrorRecordParameters): Record<string, unknown> {
  return {
    requestId: typeof input?.requestId === "string" ? input.requestId.toLowerCase() : (requestId ?? null),
    valid: false,
    signer: null,
    expectedSigners: resolved.solvers,
    solverSource: resolved.source,
    encoded: null,
    hash: null,
    digest: null,
    error: describeError(error),
  };
}
