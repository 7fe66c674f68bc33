/**
 * Forensic reading of one request (`attestkit/explain`): its status and reason in words, both
 * attestations recomputed word by word, its order, the deposit and every fill as the chains show
 * them, route by route, and one verdict (consistent, inconsistent or incomplete) that `attestkit
 * explain` prints and a devnet's dashboard shows.
 *
 * @module explain
 */
export type { AttestationPart, SignedFields } from "./explainAttestations.js";
export type { DepositPart } from "./explainDeposit.js";
export type { DepositAddressPart } from "./explainDepositAddress.js";
export type { FillPart } from "./explainFills.js";
export type { OrderPart } from "./explainOrder.js";
export {
  type ExplainRequestErrorType,
  type ExplainRequestParameters,
  explainRequest,
} from "./explainRequest.js";
export type { ChainEvent, ReadChainTransactionReturnType } from "./readChainTransaction.js";
export type { RequestRecord } from "./readRequestV3.js";
export type {
  DevnetRequestView,
  ExplainedMismatch,
  ExplainOutcome,
  ExplainReport,
  Mismatch,
  UnjudgedPart,
  UnjudgedReason,
} from "./types.js";
