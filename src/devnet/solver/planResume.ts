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
 * Decides the next step of a request restored after a crash, from the request as stored and what the
 * chains say ({@link ResumeFacts}); applied again after each step until `none`. Every payment is written
 * with its request before it is broadcast (`sent`, `recordSent`), and a payment on Bitcoin or the
 * exchange carries the request id, so a payment on chain is always found and recorded, never sent
 * twice; one that is not on chain was never sent, and is sent now. A kill at each point comes back as:
 *
 * | the kill came | the restart finds | step |
 * |---------------|-------------------|------|
 * | after the deposit was mined, before it was taken | `waiting`, the deposit on chain | none here: the indexer (or watcher) takes it |
 * | after the deposit was taken (`pending`, its `decision` kept), before a payment | nothing in `sent` | `settle`: the decision from the start |
 * | after a payment was written in `sent`, before its broadcast | its hash not on chain | `settle` (`refund`, `refundExcess`, `sponsor`): sent now |
 * | after the broadcast, before it was mined (interval mining) | mined by the journal's replay | as below |
 * | after a fill was mined, before its status | its receipts, status 1 | `recordFill` (`continueFill` when some of it is left) |
 * | after a fill reverted, before its status | a receipt with status 0 | `fillReverted`: failure, then the refund |
 * | after a refund was mined, before its status | its receipt | `recordRefund` (`refundReverted`) |
 * | after the fill's success, before the sponsor or the excess | `success`, no `feeSponsorship` / `excessRefund` | `sponsor` / `recordSponsorship`, `refundExcess` / `recordExcess` |
 * | after a status was written, before its webhook event | nothing: both are one transaction (`StateDatabase.transaction`), kept or lost together | the step before it again |
 * | during a webhook's delivery | the delivery `queued` | none here: the outbox sends it again, same id |
 *
 * A record of an older devnet, which kept neither `decision` nor `sent`, is taken up only where the
 * chain alone tells: a `DevnetFill` for its id, its `submitted` fill's receipts, a payment bound to
 * it on Bitcoin or the exchange, or a quoted request without details or destination calls; anything
 * else is left and logged (never paid twice).
 *
 * @param request - The request as the store holds it.
 * @param facts - What the chains say. {@link ResumeFacts}
 * @returns The next step. {@link ResumeAction}
 * @example
 * planResume(request, facts) // { type: "recordFill", route: "fill", txHashes: ["0x…"] }
 */
export function planResume(request: DevnetRequest, facts: ResumeFacts): ResumeAction {
  // A record of an older devnet: neither the decision nor the payments kept (its fill's hashes stand in).
  const legacy = request.sent === undefined && request.decision === undefined;
  const sent: readonly SentPayment[] =
    request.sent ??
    (legacy
      ? request.txHashes.map((txHash, index) => ({
          purpose: "fill" as const,
          chainId: request.destinationChainId,
          index,
          txHash,
        }))
      : []);
  /** The payment of that purpose (and index) that is on chain: at most one is, a later one was sent because none was. */
  const landed = (purpose: SentPayment["purpose"], index?: number) =>
    sent.find(
      (payment) =>
        payment.purpose === purpose &&
        (index === undefined || payment.index === index) &&
        payment.txHash !== undefined &&
        facts.outcomes.has(payment.txHash.toLowerCase()),
    ) as (SentPayment & { txHash: Hex }) | undefined;
  const outcomeOf = (txHash: Hex) => facts.outcomes.get(txHash.toLowerCase());

  const refundStep = (failReason: string): ResumeAction => {
    if (facts.externalOrigin)
      return facts.boundOnOrigin !== undefined
        ? { type: "recordRefund", txHash: facts.boundOnOrigin, failReason }
        : { type: "refund", failReason };
    if (legacy) return { type: "leave", why: "its refund may have been sent" };
    const refund = landed("refund");
    if (!refund) return { type: "refund", failReason };
    return outcomeOf(refund.txHash) === "success"
      ? { type: "recordRefund", txHash: refund.txHash, failReason }
      : { type: "refundReverted", failReason };
  };

  const settleStep = (): ResumeAction => {
    if (legacy && (request.details !== null || request.txs.length > 0))
      return { type: "leave", why: "its refund or destination calls may have been sent" };
    if (legacy && facts.decision?.type !== "fill")
      return { type: "leave", why: `its ${facts.decision?.type ?? "refund"} may have been sent` };
    if (!facts.decision) return { type: "leave", why: "its deposit's decision is not known" };
    return { type: "settle", decision: facts.decision };
  };

  switch (request.status) {
    case "waiting":
    case "depositing":
    case "refund":
    case "fallback":
      return { type: "none" };
    case "failure":
      // A final failure says why its refund is not made; "N/A" while the refund is to come.
      return request.refundFailReason === "N/A" ? refundStep(request.failReason) : { type: "none" };
    case "success": {
      if (legacy) return { type: "none" };
      const excess = facts.decision?.type === "fill" ? facts.decision.excess : 0n;
      // The user's overpayment first, the sponsor's payment (the devnet's own books) after.
      if (excess > 0n && !request.details?.excessRefund) {
        if (facts.externalOrigin)
          return facts.boundOnOrigin !== undefined
            ? { type: "recordExcess", txHash: facts.boundOnOrigin, excess }
            : { type: "refundExcess", excess };
        const payment = landed("excess");
        return payment
          ? { type: "recordExcess", txHash: payment.txHash, excess }
          : { type: "refundExcess", excess };
      }
      if ((request.subsidized ?? 0n) > 0n && facts.sponsored && !request.details?.feeSponsorship) {
        const payment = landed("sponsor");
        return payment
          ? {
              type: "recordSponsorship",
              txHash: payment.txHash,
              status: outcomeOf(payment.txHash) as "success" | "reverted",
            }
          : { type: "sponsor" };
      }
      return { type: "none" };
    }
    case "pending":
    case "submitted": {
      if (!request.deposit) return { type: "none" };
      // A refund while pending (a refund decision, the ttl passed before the fill): never with a fill.
      const refund = sent.find((payment) => payment.purpose === "refund");
      if (refund || (facts.externalOrigin && facts.boundOnOrigin !== undefined))
        return refundStep(
          refund?.failReason ?? (facts.decision?.type === "refund" ? facts.decision.failReason : "UNKNOWN"),
        );
      if (facts.externalDestination) {
        if (facts.boundOnDestination !== undefined)
          return request.status === "pending"
            ? { type: "recordPayout", txHash: facts.boundOnDestination }
            : { type: "followPayout", txHash: request.txHashes[0] ?? facts.boundOnDestination };
        if (request.status === "submitted")
          return { type: "leave", why: `its payout ${request.txHashes[0]} is not on its chain` };
        return settleStep();
      }
      const route = sent.some((payment) => payment.purpose === "fallback") ? "fallback" : "fill";
      const length = route === "fill" ? facts.fillLength : facts.fallbackLength;
      const mined: Hex[] = [];
      for (let index = 0; index < length; index++) {
        const payment = landed(route, index);
        if (!payment) break;
        if (outcomeOf(payment.txHash) === "reverted")
          return { type: "fillReverted", route, index, txHash: payment.txHash };
        mined.push(payment.txHash);
      }
      if (length > 0 && mined.length === length) return { type: "recordFill", route, txHashes: mined };
      if (mined.length > 0) return { type: "continueFill", route, mined };
      // Nothing of the fill is on chain.
      if (request.status === "submitted")
        return { type: "leave", why: `its fill transaction ${request.txHashes[0]} is not on the chain` };
      if (legacy && facts.fillLogs.length > 0)
        return request.txs.length === 0 && facts.fillLogs.length === facts.fillLength
          ? { type: "recordFill", route: "fill", txHashes: [...facts.fillLogs] }
          : { type: "leave", why: "a payout for it is on the destination chain" };
      return settleStep();
    }
  }
}
