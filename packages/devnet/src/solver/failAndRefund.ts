import type { Hex } from "viem";
import type { RequestDetails } from "../state/types.js";
import { refundRequest } from "./refundRequest.js";
import type { SolverContext } from "./solverContext.js";

/**
 * The one way a request fails: `failure` with the reason (and `details`, when given), then the refund
 * of its deposit (`refundRequest`).
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The request that failed.
 * @param failReason - Why.
 * @param details - The request's details to set with the failure (e.g. the revert).
 * @example
 * await failAndRefund(context, requestId, "UNKNOWN", { ...request.details, revert: { index: 0, to, txHash } })
 */
export async function failAndRefund(
  context: SolverContext,
  requestId: Hex,
  failReason: string,
  details?: RequestDetails,
): Promise<void> {
  context.store.transition(requestId, "failure", { failReason, ...(details ? { details } : {}) });
  await refundRequest(context, requestId, failReason);
}
