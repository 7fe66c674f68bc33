import { findLandedPayment } from "./findLandedPayment.js";
import type { ResumeAction, ResumeContext } from "./resumeTypes.js";

/**
 * The next step of a refund that is due: from Bitcoin or the exchange, recorded when a payment bound
 * to the request is on the origin, else sent; on an EVM origin, recorded (or its revert recorded)
 * when it is mined, else sent. A record of an older devnet cannot tell whether it went out, so it is
 * left.
 *
 * @param context - The request's context. {@link ResumeContext}
 * @param failReason - Why the request is refunded (the request's `failReason` once refunded).
 * @returns `refund`, `recordRefund`, `refundReverted` or `leave`. {@link ResumeAction}
 * @example
 * planResumeRefund(context, "SOLVER_CAPACITY_EXCEEDED") // { type: "refund", failReason: "…" }
 */
export function planResumeRefund(context: ResumeContext, failReason: string): ResumeAction {
  const { facts, legacy } = context;
  if (facts.externalOrigin)
    return facts.boundOnOrigin !== undefined
      ? { type: "recordRefund", txHash: facts.boundOnOrigin, failReason }
      : { type: "refund", failReason };
  if (legacy) return { type: "leave", why: "its refund may have been sent" };
  const refund = findLandedPayment(context, "refund");
  if (!refund) return { type: "refund", failReason };
  return refund.outcome === "success"
    ? { type: "recordRefund", txHash: refund.txHash, failReason }
    : { type: "refundReverted", failReason };
}
