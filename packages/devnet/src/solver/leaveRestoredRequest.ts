import type { Hex } from "viem";
import type { SolverContext } from "./solverContext.js";

/**
 * Says why a restored request is not taken up, and leaves it as it is (to be checked by hand).
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The restored request.
 * @param why - What may already have moved money.
 * @example
 * return leaveRestoredRequest(context, requestId, "its fill was cut between two transactions")
 */
export function leaveRestoredRequest({ current, log }: SolverContext, requestId: Hex, why: string): void {
  log(`restored request ${requestId} left in "${current(requestId).status}": ${why}; check it by hand`);
}
