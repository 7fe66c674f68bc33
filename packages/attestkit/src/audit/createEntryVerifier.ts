import {
  type CreateBatchVerifierErrorType,
  type CreateBatchVerifierParameters,
  createBatchVerifier,
} from "./createBatchVerifier.js";
import type { AuditAttestation, AuditEntryResult } from "./types.js";

export type CreateEntryVerifierParameters = CreateBatchVerifierParameters;

/** Verifies one entry; never throws: a malformed entry comes back described. */
export type EntryVerifier = (attestation: AuditAttestation) => AuditEntryResult;

export type CreateEntryVerifierErrorType = CreateBatchVerifierErrorType;

/**
 * Builds a verifier of one entry at a time, with the bulk audit's engines: the batch verifier
 * (see `createBatchVerifier`) given a batch of one.
 *
 * @param parameters - {@link CreateEntryVerifierParameters}
 * @returns The verifier. {@link EntryVerifier}
 * @throws InvalidAddressError for a bad solver (field `solvers[i]`); NativeSecp256k1UnavailableError
 * for engine `native` without the binding.
 * @example
 * const verify = createEntryVerifier({ solvers: [solver], engine: "noble" })
 * verify({ requestId, requestData, signature }) // { valid: true, signer, encoded, hash, digest }
 */
export function createEntryVerifier(parameters: CreateEntryVerifierParameters): EntryVerifier {
  const verify = createBatchVerifier(parameters);
  return (attestation) => verify([attestation])[0] as AuditEntryResult;
}
