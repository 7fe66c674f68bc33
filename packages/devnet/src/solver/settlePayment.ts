import type { Hex } from "viem";
import type { Deposit, DepositDecision } from "../state/types.js";
import { applyRequote } from "./applyRequote.js";
import { collectSponsorship } from "./collectSponsorship.js";
import { fillRequest } from "./fillRequest.js";
import { followSupersedingRequest } from "./followSupersedingRequest.js";
import { holdOrphanRefund } from "./holdOrphanRefund.js";
import { refundExcess } from "./refundExcess.js";
import { refundRequest } from "./refundRequest.js";
import type { SolverContext } from "./solverContext.js";

/**
 * Carries out what `takePayment` recorded, once the payment is final (at once, but for a Bitcoin
 * transaction's confirmations): the second half of `decidePayment`'s executor. A refund (or a request
 * born from the payment) goes back in full on the payment's chain (`refundRequest`), an orphan's once
 * the devnet's window has passed (`holdOrphanRefund`: until then it is held, `pending`); a fill is priced
 * again first when an open deposit address received another amount (`applyRequote`; refunded when it
 * does not cover the fees; from Bitcoin a regenerated request fills, and the superseded one follows
 * it: `followSupersedingRequest`), then filled (`fillRequest`); a request whose recipient is screened out
 * (`isBlocked`) is refunded instead, `BLOCKED_WALLET`. After a successful fill the sponsor pays its part
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
  const { current, addDetails, log } = context;
  if (holdOrphanRefund(context, requestId, decision)) return;
  if (decision.type === "refund") {
    if (decision.details) addDetails(requestId, decision.details);
    return refundRequest(context, requestId, decision.failReason);
  }
  // A recipient screened out since the quote is not paid: the deposit goes back (a deposit
  // address's to its `recoveryAddress`, when the quote gave one: `planRefund`).
  if (context.isBlocked?.(current(requestId).recipient))
    return refundRequest(context, requestId, "BLOCKED_WALLET");
  const owner =
    decision.requote === undefined ? requestId : applyRequote(context, requestId, decision.requote);
  if (!owner) return refundRequest(context, requestId, "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL");
  await fillRequest(context, owner);
  // A sponsor that cannot pay is logged; it never holds back the excess refund after it.
  if (current(owner).status === "success")
    await collectSponsorship(context, owner).catch((error: unknown) =>
      log(`sponsorship of ${owner}: ${error instanceof Error ? error.message : String(error)}`),
    );
  await refundExcess(context, owner, payment, decision.excess);
  if (owner !== requestId) followSupersedingRequest(context, requestId, owner);
}
