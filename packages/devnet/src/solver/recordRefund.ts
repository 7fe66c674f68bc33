import type { Hex } from "viem";
import { planRefund } from "./planRefund.js";
import type { SolverContext } from "./solverContext.js";

export type RecordRefundParameters = {
  /** The refund's transaction (an EVM hash, a Bitcoin txid, an exchange transfer's hash). */
  txHash: Hex;
  /** Why the request was not filled. */
  failReason: string;
  /** What was sent, smallest units, when less than the deposit (a Bitcoin orphan's refund pays its fee); default the deposit. */
  amount?: bigint | undefined;
};

/**
 * Records a refund that went through: the request moves to `refund` with the reason, the refund's
 * hash added to its `txHashes` and the payment (as `planRefund` plans it) in `details.refund`. Used
 * once a refund is mined, and by a restart for a refund on chain that no status recorded yet.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The refunded request (`pending` or `failure`).
 * @param parameters - {@link RecordRefundParameters}
 * @example
 * recordRefund(context, requestId, { txHash: hash, failReason: "TTL_EXPIRED" })
 */
export function recordRefund(
  { store, current }: SolverContext,
  requestId: Hex,
  { txHash, failReason, amount }: RecordRefundParameters,
): void {
  const request = current(requestId);
  const plan = planRefund(request, failReason);
  if (plan.type !== "send") return;
  store.transition(requestId, "refund", {
    failReason,
    txHashes: [...request.txHashes, txHash],
    details: {
      ...request.details,
      refund: {
        chainId: plan.chainId,
        txHash,
        currency: plan.currency,
        amount: (amount ?? plan.amount).toString(),
        recipient: plan.to,
      },
    },
  });
}
