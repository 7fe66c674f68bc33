import type { Hex } from "viem";
import { findLandedPayment } from "./findLandedPayment.js";
import { planResumeSettle } from "./planResumeSettle.js";
import type { ResumeAction, ResumeContext } from "./resumeTypes.js";

/**
 * The step of a fill to an EVM destination that was cut short: the route is the fallback once one of
 * its transactions was sent, else the fill. Its transactions are walked in order while each is mined:
 * the first reverted one is `fillReverted`; all mined is `recordFill`; some mined is `continueFill`.
 * When none is on chain, a `submitted` fill is left (its transaction is missing), a record of an
 * older devnet with `DevnetFill` logs is recorded from them (a plain fill whose logs are all there) or
 * left, and anything else is settled from the start.
 *
 * @param context - The request's context. {@link ResumeContext}
 * @returns The step. {@link ResumeAction}
 * @example
 * planResumeFill(context) // { type: "continueFill", route: "fill", mined: ["0x…"] }
 */
export function planResumeFill(context: ResumeContext): ResumeAction {
  const { request, facts, legacy, sent } = context;
  const route = sent.some((payment) => payment.purpose === "fallback") ? "fallback" : "fill";
  const length = route === "fill" ? facts.fillLength : facts.fallbackLength;
  const mined: Hex[] = [];
  for (let index = 0; index < length; index++) {
    const payment = findLandedPayment(context, route, index);
    if (!payment) break;
    if (payment.outcome === "reverted") return { type: "fillReverted", route, index, txHash: payment.txHash };
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
  return planResumeSettle(context);
}
