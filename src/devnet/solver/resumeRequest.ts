import type { Hex } from "viem";
import type { DevnetRequest } from "../state/types.js";
import { checkRestoredFill } from "./checkRestoredFill.js";
import { followRestoredPayout } from "./followRestoredPayout.js";
import { retakeRestoredDeposit } from "./retakeRestoredDeposit.js";
import type { SolverContext } from "./solverContext.js";

/**
 * Takes up a request restored from a state directory whose processing a crash cut short: a
 * `submitted` payout to a non-EVM destination is followed until final (`followRestoredPayout`); a
 * `submitted` EVM fill whose transactions are all on chain ends in `success`, or `failure` and a
 * refund if one reverted (`checkRestoredFill`); a `pending` quoted request with no transaction yet
 * and no payout out is filled (`retakeRestoredDeposit`). Anything that may already have moved money
 * (a refund, destination calls, a fill cut between two transactions) is left as it is and logged:
 * never paid twice. Any other request is not touched. Throws when the request's EVM destination is
 * not one of the solver's chains.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The restored request.
 * @example
 * for (const request of store.list()) await resumeRequest(context, request.requestId)
 */
export async function resumeRequest(context: SolverContext, requestId: Hex): Promise<void> {
  const request = context.current(requestId) as DevnetRequest | undefined;
  if (!request) return;
  const external = context.externalChains.get(request.destinationChainId);
  if (external && request.status === "submitted") return followRestoredPayout(context, requestId, external);
  if (external) return retakeRestoredDeposit(context, requestId, true);
  // An EVM destination the solver does not know is an error (logged by the caller), whatever the status.
  context.chainOf(request.destinationChainId);
  if (request.status === "submitted") return checkRestoredFill(context, requestId);
  return retakeRestoredDeposit(context, requestId, false);
}
