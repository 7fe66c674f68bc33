import type { DevnetRequest } from "../state/types.js";

/**
 * Whether a restored request's work may have been cut short by the end of the process, so that
 * `resumeRequest` should look at it: `pending` and `submitted` requests, a `failure` whose refund is
 * still to come (`refundFailReason` "N/A"; never one of a gasless execution, `relayed`), a `success` whose sponsor payment or excess refund is not
 * recorded. Cheap (no chain is read): a restart asks it of every request.
 *
 * @param request - A restored request.
 * @returns true when `resumeRequest` may have something to do.
 * @example
 * for (const request of store.all()) if (isCutShort(request)) solver.resume(request.requestId)
 */
export function isCutShort(request: DevnetRequest): boolean {
  switch (request.status) {
    case "pending":
    case "submitted":
      return true;
    case "failure":
      // A gasless execution's failure is final: the relayer's call deposited nothing to refund.
      return request.refundFailReason === "N/A" && request.relayed === undefined;
    case "success":
      return (
        (request.sent !== undefined || request.decision !== undefined) &&
        (((request.subsidized ?? 0n) > 0n && !request.details?.feeSponsorship) ||
          (request.decision?.type === "fill" &&
            request.decision.excess > 0n &&
            !request.details?.excessRefund))
      );
    default:
      return false;
  }
}
