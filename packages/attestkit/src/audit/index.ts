/**
 * Bulk audit (`attestkit/audit`): many attestations against one solver set, bit-exact with the two
 * single verifiers, streamed in bounded memory, with signer recovery accelerated (libsecp256k1 or
 * batched noble) and spread over worker threads.
 *
 * @module audit
 */
export {
  type BatchVerifier,
  type CreateBatchVerifierErrorType,
  type CreateBatchVerifierParameters,
  createBatchVerifier,
} from "./createBatchVerifier.js";
export {
  type CreateEntryVerifierErrorType,
  type CreateEntryVerifierParameters,
  createEntryVerifier,
  type EntryVerifier,
} from "./createEntryVerifier.js";
export { describeAuditError } from "./describeAuditError.js";
export type {
  AuditWorkerErrorType,
  InvalidAuditEntryErrorType,
  InvalidAuditInputErrorType,
  InvalidAuditJsonErrorType,
  InvalidAuditOptionErrorType,
  NativeSecp256k1UnavailableErrorType,
} from "./errors.js";
export {
  type AuditInputFailureReason,
  AuditWorkerError,
  InvalidAuditEntryError,
  InvalidAuditInputError,
  InvalidAuditJsonError,
  InvalidAuditOptionError,
  NativeSecp256k1UnavailableError,
} from "./errors.js";
export {
  type AuditInputBatch,
  type AuditInputFormat,
  type AuditInputSource,
  type ReadAuditInputErrorType,
  type ReadAuditInputParameters,
  readAuditInput,
} from "./readAuditInput.js";
export { summarizeAuditResults } from "./summarizeAuditResults.js";
export type {
  AuditAttestation,
  AuditBatch,
  AuditConfig,
  AuditEngine,
  AuditEntryResult,
  AuditErrorDescription,
  AuditMalformed,
  AuditPosition,
  AuditSummary,
  AuditVerdict,
  ResolvedAuditEngine,
} from "./types.js";
export {
  type AuditProgress,
  type VerifyAttestationsErrorType,
  type VerifyAttestationsParameters,
  type VerifyAttestationsReturnType,
  type VerifyAttestationsStreamReturnType,
  verifyAttestations,
} from "./verifyAttestations.js";
