import type { ResumeAction, ResumeContext } from "./resumeTypes.js";

/**
 * The step when nothing of the deposit's decision is on chain: carry the decision out from the start.
 * A record of an older devnet is taken up only when the chain alone tells that nothing went out: a
 * fill without details or destination calls; anything else is left (never paid twice).
 *
 * @param context - The request's context. {@link ResumeContext}
 * @returns `settle` with the decision, or `leave`. {@link ResumeAction}
 * @example
 * planResumeSettle(context) // { type: "settle", decision: { type: "fill", … } }
 */
export function planResumeSettle({ request, facts, legacy }: ResumeContext): ResumeAction {
  if (legacy && (request.details !== null || request.txs.length > 0))
    return { type: "leave", why: "its refund or destination calls may have been sent" };
  if (legacy && facts.decision?.type !== "fill")
    return { type: "leave", why: `its ${facts.decision?.type ?? "refund"} may have been sent` };
  if (!facts.decision) return { type: "leave", why: "its deposit's decision is not known" };
  return { type: "settle", decision: facts.decision };
}
