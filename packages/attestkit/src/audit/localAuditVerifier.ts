import { type BatchVerifier, createBatchVerifier } from "./createBatchVerifier.js";
import type { AuditConfig } from "./types.js";

/** The verifier of this thread, built the first time a batch is verified here. */
export type LocalAuditVerifier = {
  /** How to verify (the workers' config). */
  readonly config: AuditConfig;
  /** The verifier, once built. */
  verify?: BatchVerifier;
};

/**
 * This thread's batch verifier, built on first use only: a run on worker threads needs it only
 * for a batch that cannot be posted, and building one (loading libsecp256k1, or noble's tables)
 * is not free.
 *
 * @param local - Where it is kept. {@link LocalAuditVerifier}
 * @returns The verifier.
 * @throws What `createBatchVerifier` throws (InvalidAddressError, NativeSecp256k1UnavailableError).
 * @example
 * verifyAuditBatch(request, localAuditVerifier(local), "notes")
 */
export function localAuditVerifier(local: LocalAuditVerifier): BatchVerifier {
  local.verify ??= createBatchVerifier(local.config);
  return local.verify;
}
