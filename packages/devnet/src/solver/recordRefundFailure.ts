import type { Hex } from "viem";
import type { SolverContext } from "./solverContext.js";

/**
 * Records that a request's deposit cannot go back: the request ends in `failure` with the reason
 * (unless it is there already) and `refundFailReason` (`AMOUNT_TOO_LOW_TO_REFUND` when nothing can be
 * sent back, `UNKNOWN` when the refund failed or reverted).
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The request.
 * @param parameters - Why it was not filled, and why it is not refunded.
 * @example
 * recordRefundFailure(context, requestId, { failReason: "TTL_EXPIRED", refundFailReason: "UNKNOWN" })
 */
export function recordRefundFailure(
  { store, current }: SolverContext,
  requestId: Hex,
  { failReason, refundFailReason }: { failReason: string; refundFailReason: string },
): void {
  if (current(requestId).status !== "failure") store.transition(requestId, "failure", { failReason });
  store.update(requestId, { refundFailReason });
}
