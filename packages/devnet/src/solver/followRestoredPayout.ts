import type { Hex } from "viem";
import { leaveRestoredRequest } from "./leaveRestoredRequest.js";
import type { ExternalChain, SolverContext } from "./solverContext.js";

/**
 * Follows the payout of a restored `submitted` request to a non-EVM destination (Bitcoin, the
 * exchange) until it is final: `success` then. A payout that is not one transaction, or that its
 * chain's adapter cannot see become final, is left as it is and logged.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The restored `submitted` request.
 * @param external - The adapter of its destination chain.
 * @example
 * if (external && request.status === "submitted") return followRestoredPayout(context, requestId, external)
 */
export async function followRestoredPayout(
  context: SolverContext,
  requestId: Hex,
  external: Pick<ExternalChain, "follow">,
): Promise<void> {
  const request = context.current(requestId);
  const [hash] = request.txHashes;
  if (hash === undefined || request.txHashes.length !== 1)
    return leaveRestoredRequest(context, requestId, "its payout is not one transaction");
  try {
    await context.park(external.follow(hash));
  } catch (error) {
    return leaveRestoredRequest(
      context,
      requestId,
      `payout ${hash}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  context.store.transition(requestId, "success");
}
