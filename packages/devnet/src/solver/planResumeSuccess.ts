import { findLandedPayment } from "./findLandedPayment.js";
import type { ResumeAction, ResumeContext } from "./resumeTypes.js";

/**
 * The step of a filled (`success`) request: the user's overpayment goes back first (`excess` of the
 * fill decision, in the origin currency's smallest units), then the sponsor's payment (the devnet's
 * own books) of a subsidized request on a chain with a sponsor. Each is recorded when it is on chain
 * (bound to the request on Bitcoin or the exchange), else sent. A record of an older devnet is left
 * as it is.
 *
 * @param context - The request's context. {@link ResumeContext}
 * @returns `refundExcess`, `recordExcess`, `sponsor`, `recordSponsorship` or `none`. {@link ResumeAction}
 * @example
 * planResumeSuccess(context) // { type: "refundExcess", excess: 5000n }
 */
export function planResumeSuccess(context: ResumeContext): ResumeAction {
  const { request, facts, legacy } = context;
  if (legacy) return { type: "none" };
  const excess = facts.decision?.type === "fill" ? facts.decision.excess : 0n;
  if (excess > 0n && !request.details?.excessRefund) {
    if (facts.externalOrigin)
      return facts.boundOnOrigin !== undefined
        ? { type: "recordExcess", txHash: facts.boundOnOrigin, excess }
        : { type: "refundExcess", excess };
    const payment = findLandedPayment(context, "excess");
    return payment
      ? { type: "recordExcess", txHash: payment.txHash, excess }
      : { type: "refundExcess", excess };
  }
  if ((request.subsidized ?? 0n) > 0n && facts.sponsored && !request.details?.feeSponsorship) {
    const payment = findLandedPayment(context, "sponsor");
    return payment
      ? { type: "recordSponsorship", txHash: payment.txHash, status: payment.outcome }
      : { type: "sponsor" };
  }
  return { type: "none" };
}
