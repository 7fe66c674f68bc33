export type { AttestationPart, SignedFields } from "./explainAttestations.js";
export type { DepositPart } from "./explainDeposit.js";
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
