/**
 * Collection of a request history's attestations (`attestkit/collect`): the listing read page by
 * page, each request's attestation fetched at a bounded concurrency and a rate never exceeded, 429s
 * and dropped connections retried, as a stream of entries that `attestkit audit` and
 * `verifyAttestations` read as they are. `attestkit collect` writes them to a resumable JSON Lines
 * file.
 *
 * @module collect
 */
export {
  type CallPacedErrorType,
  type CallPacedParameters,
  type CollectRetry,
  type CollectRetrySettings,
  callPaced,
} from "./callPaced.js";
export {
  type CollectAttestationsErrorType,
  type CollectAttestationsParameters,
  type CollectAttestationsReturnType,
  collectAttestations,
} from "./collectAttestations.js";
export {
  type CreateRequestPacerErrorType,
  type CreateRequestPacerParameters,
  type CreateRequestPacerReturnType,
  createRequestPacer,
  type PacerSleep,
  type RequestPacer,
  type RequestPacerTakeErrorType,
} from "./createRequestPacer.js";
export {
  type CreateRequestSlotsErrorType,
  type CreateRequestSlotsReturnType,
  createRequestSlots,
  type RequestSlots,
} from "./createRequestSlots.js";
export {
  CollectAttemptsExhaustedError,
  type CollectAttemptsExhaustedErrorType,
  CollectListingLoopError,
  type CollectListingLoopErrorType,
  CollectRetryAfterTooLongError,
  type CollectRetryAfterTooLongErrorType,
  InvalidCollectOptionError,
  type InvalidCollectOptionErrorType,
} from "./errors.js";
export {
  type ListRequestPagesErrorType,
  type ListRequestPagesParameters,
  listRequestPages,
  type RequestPage,
} from "./listRequestPages.js";
export type {
  CollectAttestationsItem,
  CollectedAttestation,
  CollectFilters,
  CollectProgress,
} from "./types.js";
