import type { Hex } from "viem";
import { hasPayout } from "./hasPayout.js";
import { leaveRestoredRequest } from "./leaveRestoredRequest.js";
import type { SolverContext } from "./solverContext.js";

/**
 * Whether a restored request paid from Bitcoin or the exchange was paid before the restart: a
 * payment from the solver bound to it on its origin (a refund, an excess), or a payout on its
 * destination (`hasPayout`). Such a request is left as it is (never paid twice) and logged for a
 * check by hand.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The restored request.
 * @returns true when it was paid.
 * @example
 * if (!(await paidBeforeRestart(context, requestId))) await settlePayment(context, payment, decision)
 */
export async function paidBeforeRestart(context: SolverContext, requestId: Hex): Promise<boolean> {
  const { originChainId } = context.current(requestId);
  const bound = context.externalChains.get(originChainId)?.find(requestId);
  const why =
    bound !== undefined
      ? `payment ${bound} from the solver on chain ${originChainId} is bound to it`
      : (await hasPayout(context, requestId))
        ? "a payout for it is on its destination chain"
        : undefined;
  if (why) leaveRestoredRequest(context, requestId, why);
  return why !== undefined;
}
