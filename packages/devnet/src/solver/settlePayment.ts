import type { Hex } from "viem";
import type { Deposit, DepositDecision } from "../state/types.js";
import { collectSponsorship } from "./collectSponsorship.js";
import { fillRequest } from "./fillRequest.js";
import { holdOrphanRefund } from "./holdOrphanRefund.js";
import { refundExcess } from "./refundExcess.js";
import { refundRequest } from "./refundRequest.js";
import type { SolverContext } from "./solverContext.js";

/**
 * Carries out what `takePayment` recorded, once the payment is final (at once, but for a Bitcoin
 * transaction's confirmations): the second half of `decidePayment`'s executor. A refund (or a request
 * born from the payment) goes back in full on the payment's chain (`refundRequest`), an orphan's once
 * the devnet's window has passed (`holdOrphanRefund`: until then it is held, `pending`); a fill is priced
 * again first when an open deposit address received another amount (`requote`; refunded when it does
 * not cover the fees), then filled (`fillRequest`). After a successful fill the sponsor pays its part
 * (`collectSponsorship`; a sponsor that cannot pay is logged, never holding back what follows) and an
 * overpayment goes back (`refundExcess`).
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param payment - The payment.
 * @param requestId - The request that took it.
 * @param decision - `decidePayment`'s answer for it, as the request keeps it (`toDepositDecision`).
 * @example
 * if (takePayment(context, payment, decision)) await settlePayment(context, payment, decision.requestId, toDepositDecision(decision))
 */
export async function settlePayment(
  context: SolverContext,
  payment: Deposit,
  requestId: Hex,
  decision: DepositDecision,
): Promise<void> {
  const { store, current, addDetails, log, requote } = context;
  if (holdOrphanRefund(context, requestId, decision)) return;
  if (decision.type === "refund") {
    if (decision.details) addDetails(requestId, decision.details);
    return refundRequest(context, requestId, decision.failReason);
  }
  if (decision.requote !== undefined) {
    const request = current(requestId);
    const priced = requote(request, decision.requote);
    if (!priced) return refundRequest(context, requestId, "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL");
    store.update(requestId, {
      amountIn: decision.requote,
      amountOut: priced.amountOut,
      details: {
        ...request.details,
        requote: {
          quotedAmountIn: request.amountIn.toString(),
          quotedAmountOut: request.amountOut.toString(),
          amountIn: decision.requote.toString(),
          amountOut: priced.amountOut.toString(),
        },
      },
    });
  }
  await fillRequest(context, requestId);
  // A sponsor that cannot pay is logged; it never holds back the excess refund after it.
  if (current(requestId).status === "success")
    await collectSponsorship(context, requestId).catch((error: unknown) =>
      log(`sponsorship of ${requestId}: ${error instanceof Error ? error.message : String(error)}`),
    );
  await refundExcess(context, requestId, payment, decision.excess);
}
