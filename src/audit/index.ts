// Bulk audit: many attestations against one solver set, bit-exact with the two single verifiers,
// with signer recovery accelerated (libsecp256k1 or precomputed noble tables) and spread over threads.
export {
  type CreateEntryVerifierErrorType,
  type CreateEntryVerifierParameters,
  createEntryVerifier,
  type EntryVerifier,
} from "./createEntryVerifier.js";
export { describeAuditError } from "./describeAuditError.js";
export {
  AuditWorkerError,
  InvalidAuditEntryError,
  InvalidAuditJsonError,
  InvalidAuditOptionError,
  NativeSecp256k1UnavailableError,
} from "./errors.js";
export {
  type AuditInputEntry,
  type AuditInputProblem,
  type ParseAuditInputReturnType,
  parseAuditInput,
} from "./parseAuditInput.js";
export { summarizeAuditResults } from "./summarizeAuditResults.js";
export type {
  AuditAttestation,
  AuditConfig,
  AuditEngine,
  AuditEntryResult,
  AuditErrorDescription,
  AuditMalformed,
  AuditSummary,
  AuditVerdict,
  ResolvedAuditEngine,
} from "./types.js";
export {
  type VerifyAttestationsErrorType,
  type VerifyAttestationsParameters,
  type VerifyAttestationsReturnType,
  verifyAttestations,
} from "./verifyAttestations.js";
