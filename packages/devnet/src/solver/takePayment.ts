import type { Hex } from "viem";
import { createDevnetRequest } from "../state/createDevnetRequest.js";
import type { Deposit } from "../state/types.js";
import type { TakenPaymentDecision } from "./decidePayment.js";
import type { SolverContext } from "./solverContext.js";
import { toDepositDecision } from "./toDepositDecision.js";

/**
 * Records what `decidePayment` took, the first half of its executor (`settlePayment` carries it out):
 * the request moves to `pending` with the payment; a payment no open quote can take (`orphan`)
 * becomes a request of its own, in `pending` on the payment's chain, and a second payment for a
 * quote is linked from the original request (`details.duplicateDeposits`, no status change). The
 * decision is kept with the request (`decision`), so a restart carries out the same. Writes only to
 * the store, in one transaction (`batch`): nothing moves money.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param payment - The payment.
 * @param decision - `decidePayment`'s answer for it.
 * @returns Whether the payment was taken now: false for a payment already recorded (the same request).
 * @example
 * if (takePayment(context, payment, decision)) await settlePayment(context, payment, decision)
 */
export function takePayment(
  context: SolverContext,
  payment: Deposit,
  decision: TakenPaymentDecision,
): boolean {
  return context.store.batch(() => take(context, payment, decision));
}

const take = (
  { store, current, addDetails, now }: SolverContext,
  payment: Deposit,
  decision: TakenPaymentDecision,
): boolean => {
  if (decision.type !== "orphan")
    return store.transition(decision.requestId, "pending", {
      deposit: payment,
      inTxHashes: [payment.txHash],
      decision: toDepositDecision(decision),
    });
  const original = decision.original?.request;
  const created = store.create(
    createDevnetRequest({
      requestId: decision.requestId,
      status: "pending",
      apiKey: original?.apiKey,
      referrer: original?.referrer ?? null,
      originChainId: payment.chainId,
      destinationChainId: payment.chainId,
      user: payment.from,
      recipient: payment.from,
      refundTo: decision.refundTo,
      originCurrency: payment.currency,
      destinationCurrency: payment.currency,
      amountIn: payment.amount,
      amountOut: 0n,
      createdAt: now(),
      details: decision.details,
      deposit: payment,
      decision: toDepositDecision(decision),
    }),
  );
  if (created && original && decision.original?.linkDuplicate) {
    // The original request links to the refund of the second payment (no status change, no event).
    const duplicates: Hex[] = current(original.requestId).details?.duplicateDeposits ?? [];
    addDetails(original.requestId, { duplicateDeposits: [...duplicates, decision.requestId] });
  }
  return created;
};
