import type { DevnetRequest } from "../state/types.js";

/**
 * Whether a request is the record of an orphaned payment (one no request could claim, refunded as
 * `ORPHANED_DEPOSIT_REFUND`) rather than a quote's: a later payment naming its id is an orphan of its
 * own, refunded to its own payer, never a second payment of the first orphan's payer.
 *
 * @param request - The request.
 * @returns True for an orphan's record.
 * @example
 * isOrphanRecord(store.findByDepositId(payment.id)) // true when that id was first paid by a stray
 */
export function isOrphanRecord(request: Pick<DevnetRequest, "decision">): boolean {
  return request.decision?.type === "refund" && request.decision.failReason === "ORPHANED_DEPOSIT_REFUND";
}
