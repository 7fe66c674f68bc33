import { planResumeFill } from "./planResumeFill.js";
import { planResumeRefund } from "./planResumeRefund.js";
import { planResumeSettle } from "./planResumeSettle.js";
import type { ResumeAction, ResumeContext } from "./resumeTypes.js";

/**
 * The step of a `pending` or `submitted` request with a deposit. A refund sent while pending (a
 * refund decision, or the ttl passed before the fill) is never with a fill, so it comes first. A
 * payout to Bitcoin or the exchange bound to the request is recorded (`pending`) or followed
 * (`submitted`); a `submitted` payout not on its chain is left; else the decision is settled. An EVM
 * fill is resumed where it stopped (`planResumeFill`).
 *
 * @param context - The request's context. {@link ResumeContext}
 * @returns The step. {@link ResumeAction}
 * @example
 * planResumeUnsettled(context) // { type: "recordPayout", txHash: "…" }
 */
export function planResumeUnsettled(context: ResumeContext): ResumeAction {
  const { request, facts, sent } = context;
  if (!request.deposit) return { type: "none" };
  const refund = sent.find((payment) => payment.purpose === "refund");
  if (refund || (facts.externalOrigin && facts.boundOnOrigin !== undefined))
    return planResumeRefund(
      context,
      refund?.failReason ?? (facts.decision?.type === "refund" ? facts.decision.failReason : "UNKNOWN"),
    );
  if (facts.externalDestination) {
    if (facts.boundOnDestination !== undefined)
      return request.status === "pending"
        ? { type: "recordPayout", txHash: facts.boundOnDestination }
        : { type: "followPayout", txHash: request.txHashes[0] ?? facts.boundOnDestination };
    if (request.status === "submitted")
      return { type: "leave", why: `its payout ${request.txHashes[0]} is not on its chain` };
    return planResumeSettle(context);
  }
  return planResumeFill(context);
}
