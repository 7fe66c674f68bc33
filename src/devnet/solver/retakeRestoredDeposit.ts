import type { Hex } from "viem";
import { decidePayment, paymentRules } from "./decidePayment.js";
import { fillRequest } from "./fillRequest.js";
import { hasPayout } from "./hasPayout.js";
import { leaveRestoredRequest } from "./leaveRestoredRequest.js";
import { refundExcess } from "./refundExcess.js";
import type { SolverContext } from "./solverContext.js";

/**
 * Takes up a restored `pending` request whose fill a crash cut short before anything was sent: only a
 * quoted request's own first deposit, filled without destination calls, with no payout out yet, is
 * decided again as it was then (the deposit against the quote, at the time it was taken) and filled,
 * its excess refunded. Anything that may already have moved money is left as it is and logged.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The restored request.
 * @param external - Whether its destination is a non-EVM one (the log lines say "payout", not "fill").
 * @example
 * await retakeRestoredDeposit(context, requestId, false)
 */
export async function retakeRestoredDeposit(
  context: SolverContext,
  requestId: Hex,
  external: boolean,
): Promise<void> {
  const request = context.current(requestId);
  if (request.status !== "pending" || !request.deposit || request.txHashes.length > 0) return;
  // Only a quoted request's own first deposit, filled without destination calls, is taken up.
  if (request.details !== null || request.txs.length > 0)
    return leaveRestoredRequest(context, requestId, "its refund or destination calls may have been sent");
  if (await hasPayout(context, requestId))
    return leaveRestoredRequest(
      context,
      requestId,
      external ? "a payout for it was sent" : "a payout for it is on the destination chain",
    );
  // Decided again as it was then: the deposit against the quote, at the time it was taken.
  const decision = decidePayment({
    payment: request.deposit,
    request: { ...request, status: "waiting", deposit: undefined },
    rules: paymentRules.evm,
    now: request.updatedAt,
  });
  if (decision.type !== "fill")
    return leaveRestoredRequest(context, requestId, `its ${decision.type} may have been sent`);
  context.log(
    `restored request ${requestId}: the ${external ? "payout" : "fill"} cut by the restart is sent now`,
  );
  await fillRequest(context, requestId);
  await refundExcess(context, requestId, request.deposit, decision.excess);
}
