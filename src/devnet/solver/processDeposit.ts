import type { Hex } from "viem";
import type { Deposit } from "../state/types.js";
import { collectSponsorship } from "./collectSponsorship.js";
import { decideDeposit } from "./decideDeposit.js";
import { fillRequest } from "./fillRequest.js";
import { refundExcess } from "./refundExcess.js";
import { refundRequest } from "./refundRequest.js";
import { settleOrphanDeposit } from "./settleOrphanDeposit.js";
import type { SolverContext } from "./solverContext.js";

/**
 * Takes an indexed deposit through the state machine: the executor of `decideDeposit`. A deposit no
 * quote can take becomes a request of its own and is refunded (`settleOrphanDeposit`); otherwise its
 * request moves to `pending` with it, then is refunded, or priced again for the whole amount received
 * (an open deposit address: `requote`, refunded when it does not cover the fees) and filled
 * (`fillRequest`). After a successful fill the sponsor pays its part (`collectSponsorship`; a sponsor
 * that cannot pay is logged, never holding back what follows) and an overpayment is refunded
 * (`refundExcess`).
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param deposit - The indexed deposit.
 * @example
 * await processDeposit(context, deposit)
 */
export async function processDeposit(context: SolverContext, deposit: Deposit): Promise<void> {
  const { store, current, log, now, requote } = context;
  // The deposit's id names the request by its request id (the attestation path) or by its
  // quote's order id (the deposit step, the order receiver).
  const decision = decideDeposit({ deposit, request: store.findByDepositId(deposit.id), now: now() });
  if (decision.type === "orphan") return settleOrphanDeposit(context, deposit, decision);
  const requestId: Hex = decision.requestId;
  store.transition(requestId, "pending", { deposit, inTxHashes: [deposit.txHash] });
  if (decision.type === "refund") {
    if (decision.details) store.update(requestId, { details: decision.details });
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
  await refundExcess(context, requestId, deposit, decision.excess);
}
