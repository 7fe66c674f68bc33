import type { Hex } from "viem";
import { crashPoint } from "../crashPoint.js";
import type { SentPayment } from "../state/types.js";
import type { SolverContext } from "./solverContext.js";

/**
 * Writes down, with the request (`sent`), a payment the solver is about to make for it: called with
 * the signed transaction's hash before it is broadcast (`SendOptions.onSigned`), or before a payment
 * on Bitcoin or the exchange. A crash after this finds the record, and the chain tells whether the
 * payment went out (`planResume`).
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The request paid for.
 * @param payment - What is paid. {@link SentPayment}
 * @example
 * await sender.send(call, { onSigned: (txHash) => recordSent(context, requestId, { purpose: "fill", chainId, index, txHash }) })
 */
export function recordSent({ store, current }: SolverContext, requestId: Hex, payment: SentPayment): void {
  store.update(requestId, { sent: [...(current(requestId).sent ?? []), payment] });
  crashPoint("payment-signed", payment.purpose);
}
