import type { DevnetRequest } from "../state/types.js";
import { planResumeRefund } from "./planResumeRefund.js";
import { planResumeSuccess } from "./planResumeSuccess.js";
import { planResumeUnsettled } from "./planResumeUnsettled.js";
import { readResumeContext } from "./readResumeContext.js";
import type { ResumeAction, ResumeFacts } from "./resumeTypes.js";

export type { ResumeAction, ResumeFacts } from "./resumeTypes.js";

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
  const context = readResumeContext(request, facts);
  switch (request.status) {
    case "waiting":
    case "depositing":
    case "refund":
    case "fallback":
      return { type: "none" };
    case "failure":
      // A final failure says why its refund is not made; "N/A" while the refund is to come.
      return request.refundFailReason === "N/A"
        ? planResumeRefund(context, request.failReason)
        : { type: "none" };
    case "success":
      return planResumeSuccess(context);
    case "pending":
    case "submitted":
      return planResumeUnsettled(context);
  }
}
