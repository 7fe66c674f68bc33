import type { ExpectedPayment, Move, PaymentFields } from "./types.js";

export type CheckApprovalMoveParameters = {
  move: Extract<Move, { type: "approve" }>;
  expected: ExpectedPayment;
  /** Spenders an approval may name: the depository, the trust root's spenders, contracts accepted items call. */
  spenders: ReadonlySet<string>;
};

const fields: Pick<PaymentFields, "payee" | "amount"> = {
  payee: "data.data.spender",
  amount: "data.data.amount",
};

/**
 * Checks one approval: whoever it names can pull the payer's tokens for as long as it stands, so
 * its spender must be one the caller trusts (the depository, a spender of the trust root, or a
 * contract an item the caller accepted calls) and its amount at most the signed amount, at every
 * point of the run, whatever a later item resets it to.
 *
 * @param parameters - {@link CheckApprovalMoveParameters}
 * @returns The failure, or undefined.
 * @example
 * const failure = checkApprovalMove({ move, expected, spenders })
 */
export function checkApprovalMove({ move, expected, spenders }: CheckApprovalMoveParameters) {
  if (!spenders.has(move.spender))
    return {
      field: fields.payee,
      reason: "spender-not-trusted",
      expected: `one of ${[...spenders].join(", ") || "(none)"}`,
      actual: move.spender,
    };
  if (move.amount > expected.amount)
    return {
      field: fields.amount,
      reason: "allowance-above-amount",
      expected: `at most ${expected.amount}`,
      actual: move.amount.toString(),
    };
  return undefined;
}
