import type { Hex } from "viem";
import type { DepositDecision, DevnetRequest, SentPayment } from "../state/types.js";

/** What the chains say about a restored request (read by `readResumeFacts`). */
export type ResumeFacts = {
  /**
   * The deposit's decision: the one the request keeps, else (records of an older devnet) decided
   * again as at the time the deposit was taken; undefined when it cannot be told.
   */
  decision: DepositDecision | undefined;
  /** Each EVM payment of the request (in `sent`, or its `txHashes`) that is mined, by lowercase hash. */
  outcomes: ReadonlyMap<string, "success" | "reverted">;
  /** Whether the request's origin is Bitcoin or the exchange (payments found by the request id they carry). */
  externalOrigin: boolean;
  /** Whether its destination is Bitcoin or the exchange. */
  externalDestination: boolean;
  /** A payment from the solver bound to the request on its external origin (a refund, an excess), if any. */
  boundOnOrigin: string | undefined;
  /** A payout bound to the request on its external destination, if any. */
  boundOnDestination: string | undefined;
  /** How many transactions the request's fill has (`planFill`), and its fallback route. */
  fillLength: number;
  fallbackLength: number;
  /** Records of an older devnet (no `sent`): the transactions of the `DevnetFill` logs for the request id. */
  fillLogs: readonly Hex[];
  /** Whether the request's origin chain has a fee sponsor. */
  sponsored: boolean;
};

/** The next step of a restored request. */
export type ResumeAction =
  /** Nothing was cut short. */
  | { type: "none" }
  /** What was paid cannot be told (a record of an older devnet): left as it is, logged. */
  | { type: "leave"; why: string }
  /** Nothing of the deposit's decision went out: carry it out from the start (`settlePayment`). */
  | { type: "settle"; decision: DepositDecision }
  /** The first transactions of the fill (or fallback route) are mined: send the rest. */
  | { type: "continueFill"; route: "fill" | "fallback"; mined: Hex[] }
  /** Every transaction of the fill is mined: record it (`success`, or `fallback`). */
  | { type: "recordFill"; route: "fill" | "fallback"; txHashes: Hex[] }
  /** A transaction of the fill reverted on chain: a failure, then the refund. */
  | { type: "fillReverted"; route: "fill" | "fallback"; index: number; txHash: Hex }
  /** A payout to Bitcoin or the exchange went out, no status says so: `submitted` with it. */
  | { type: "recordPayout"; txHash: string }
  /** A `submitted` payout to Bitcoin or the exchange: follow it until final. */
  | { type: "followPayout"; txHash: string }
  /** No refund is on chain: send it. */
  | { type: "refund"; failReason: string }
  /** A refund is on chain, no status says so: `refund` with it. */
  | { type: "recordRefund"; txHash: string; failReason: string }
  /** The refund reverted on chain: `failure` with `refundFailReason` `UNKNOWN`. */
  | { type: "refundReverted"; failReason: string }
  /** The sponsor's payment of a filled request is not on chain: send it. */
  | { type: "sponsor" }
  /** The sponsor's payment is mined, no detail says so: record it. */
  | { type: "recordSponsorship"; txHash: Hex; status: "success" | "reverted" }
  /** The overpayment of a filled request did not go back: send it. */
  | { type: "refundExcess"; excess: bigint }
  /** The overpayment went back, no detail says so: record it. */
  | { type: "recordExcess"; txHash: string; excess: bigint };

/**
 * What every step of `planResume` reads: the request, what the chains say, and the payments it has
 * sent (for a record of an older devnet, its fill's hashes stand in for them).
 */
export type ResumeContext = {
  request: DevnetRequest;
  facts: ResumeFacts;
  /** A record of an older devnet: neither the deposit's decision nor the payments were kept. */
  legacy: boolean;
  /** The payments written with the request before their broadcast, oldest first. */
  sent: readonly SentPayment[];
};
