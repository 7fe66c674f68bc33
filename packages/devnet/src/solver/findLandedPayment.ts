import type { Hex } from "viem";
import type { SentPayment } from "../state/types.js";
import type { ResumeContext } from "./resumeTypes.js";

/** A sent payment that is mined, with how it ended. */
export type LandedPayment = { txHash: Hex; outcome: "success" | "reverted" };

/**
 * The payment of a purpose (and index, for a fill's transactions) that is on chain. At most one is:
 * a later payment of the same purpose was only sent because none of the earlier ones was mined.
 *
 * @param context - The request's context. {@link ResumeContext}
 * @param purpose - `fill`, `fallback`, `refund`, `excess` or `sponsor`.
 * @param index - The transaction's index in the fill or the fallback route; any when left out.
 * @returns Its hash and outcome ({@link LandedPayment}), or undefined when none is mined.
 * @example
 * findLandedPayment(context, "refund") // { txHash: "0x…", outcome: "success" }
 */
export function findLandedPayment(
  { sent, facts }: ResumeContext,
  purpose: SentPayment["purpose"],
  index?: number,
): LandedPayment | undefined {
  for (const payment of sent) {
    if (payment.purpose !== purpose || (index !== undefined && payment.index !== index)) continue;
    if (payment.txHash === undefined) continue;
    const outcome = facts.outcomes.get(payment.txHash.toLowerCase());
    if (outcome) return { txHash: payment.txHash, outcome };
  }
  return undefined;
}
