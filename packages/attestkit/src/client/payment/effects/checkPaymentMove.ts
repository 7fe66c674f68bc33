import type { ExpectedPayment, Move } from "./types.js";

/** A payment's part that is not the expected one. */
export type MoveFailure = { field: string; reason: string; expected: string; actual: string };

/**
 * Checks one decoded payment against the expected one: its payee is a trusted one for how it pays,
 * and its currency, depositor, binding and amount are exactly the order's (`ExpectedPayment`).
 * A deposit address is its own binding (it is derived from the order id), so its payment carries
 * none, or the order id.
 *
 * @param move - A payment whose amount the ledger has resolved.
 * @param expected - {@link ExpectedPayment}
 * @returns The first part that differs, or undefined.
 * @example
 * const failure = checkPaymentMove(move, expected)
 */
export function checkPaymentMove(
  move: Extract<Move, { type: "pay" }>,
  expected: ExpectedPayment,
): MoveFailure | undefined {
  const { fields } = move;
  const fail = (field: string, reason: string, wanted: string, actual: string) => ({
    field,
    reason,
    expected: wanted,
    actual,
  });
  const payee = payeeFailure(move, expected);
  if (payee !== undefined) return fail(fields.payee, payee.reason, payee.expected, move.payee);
  if (move.currency !== expected.currency)
    return fail(fields.currency, "currency-mismatch", expected.currency, move.currency);
  if (move.depositor !== expected.depositor)
    return fail(fields.depositor, "depositor-mismatch", expected.depositor, String(move.depositor));
  // A deposit address binds by itself; any other binding it carries must still be the order's.
  const bindingFree = move.via === "depositAddress" && move.binding === undefined;
  if (expected.orderId !== undefined && !bindingFree && move.binding !== expected.orderId)
    return fail(
      fields.binding,
      move.binding === undefined ? "binding-missing" : "order-id-mismatch",
      expected.orderId,
      String(move.binding),
    );
  if (move.amount !== expected.amount)
    return fail(fields.amount, "amount-mismatch", expected.amount.toString(), String(move.amount));
  return undefined;
}

/** Why a payment's payee is not one it may have, if it is not. */
function payeeFailure(
  move: Extract<Move, { type: "pay" }>,
  expected: ExpectedPayment,
): { reason: string; expected: string } | undefined {
  switch (move.via) {
    case "authorization":
      return expected.authorizationPayees.has(move.payee)
        ? undefined
        : {
            reason: "unknown-payee",
            expected: `one of ${[...expected.authorizationPayees].join(", ") || "(none trusted)"}`,
          };
    case "exchange":
      return move.payee === expected.depository
        ? undefined
        : { reason: "payee-mismatch", expected: String(expected.depository) };
    case "send":
    case "wrap":
    case "unwrap":
      if (expected.operation !== move.via)
        return {
          reason: "wrong-operation",
          expected: `${expected.operation ?? "a deposit"} (the intent's currencies)`,
        };
      return move.payee === expected.recipient
        ? undefined
        : { reason: "recipient-mismatch", expected: String(expected.recipient) };
    default:
      // Deposits and deposit addresses are decoded only when they pay the trust root's payees.
      return expected.operation === undefined
        ? undefined
        : { reason: "wrong-operation", expected: expected.operation };
  }
}
