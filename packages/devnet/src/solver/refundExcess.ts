import type { Hex } from "viem";
import type { Deposit } from "../state/types.js";
import { payBack } from "./payBack.js";
import type { SolverContext } from "./solverContext.js";

/**
 * Refunds an overpayment once the fill succeeded: the `excess` of the deposit goes back to the
 * request's `refundTo` on the deposit's chain, in that chain's money (`payBack`, written down with
 * the request before it goes out), reported in `details.excessRefund`. Does nothing for a
 * request that is not `success` or has no excess.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The filled request.
 * @param deposit - The deposit that overpaid it.
 * @param excess - What it paid over the quote.
 * @example
 * await refundExcess(context, requestId, deposit, decision.excess)
 */
export async function refundExcess(
  context: SolverContext,
  requestId: Hex,
  deposit: Deposit,
  excess: bigint,
): Promise<void> {
  const { current, addDetails } = context;
  if (current(requestId).status !== "success" || excess <= 0n) return;
  const { hash } = await payBack(context, {
    chainId: deposit.chainId,
    currency: deposit.currency,
    to: current(requestId).refundTo,
    amount: excess,
    requestId,
    purpose: "excess",
  });
  addDetails(requestId, {
    excessRefund: { chainId: deposit.chainId, txHash: hash, amount: excess.toString() },
  });
}
