import type { PaymentCheck } from "../types.js";
import type { ExpectedPayment, PaymentEffect } from "./types.js";

export type CheckPaymentTotalParameters = {
  effect: PaymentEffect;
  expected: ExpectedPayment;
  /** True when the currency paid is the origin chain's native one. */
  native: boolean;
};

/**
 * Checks the sum of every item against the one payment expected: exactly one payment (none only
 * when an item the caller accepted is left to make it); nothing left approved, except to a contract
 * an accepted item calls and at most the amount; native value in accepted items only with a native
 * input, and with the decoded payments never more than the amount (`accepted-value-above-amount`);
 * likewise, with a decoded payment, the payment plus what is left approved, in the currency paid, to
 * contracts accepted items call never more than the amount (`accepted-allowance-above-amount`): an
 * accepted router can pull its allowance as surely as an accepted item can carry value.
 *
 * @param parameters - {@link CheckPaymentTotalParameters}
 * @returns One `total` check per rule broken, or one passed check.
 * @example
 * const checks = checkPaymentTotal({ effect, expected, native: true })
 */
export function checkPaymentTotal({ effect, expected, native }: CheckPaymentTotalParameters): PaymentCheck[] {
  const checks: PaymentCheck[] = [];
  const fail = (field: string, reason: string, wanted: string, actual: string) =>
    checks.push({ name: "total", ok: false, field, reason, expected: wanted, actual });
  const { payments, accepted, allowances } = effect;
  if (payments.length > 1) fail("steps", "paid-twice", "exactly one payment", `${payments.length} payments`);
  if (payments.length === 0 && accepted.length === 0)
    fail("steps", "no-payment", "exactly one payment", "none");
  const targets = new Set(accepted.map((item) => item.to));
  for (const allowance of allowances)
    if (!targets.has(allowance.spender) || allowance.amount > expected.amount)
      fail(
        "steps",
        "allowance-left",
        targets.has(allowance.spender) ? `at most ${expected.amount}` : "every approval drawn by the payment",
        `${allowance.amount} of ${allowance.currency} approved to ${allowance.spender}`,
      );
  const acceptedValue = accepted.reduce((sum, item) => sum + item.value, 0n);
  const paidNative = native ? payments.reduce((sum, payment) => sum + payment.amount, 0n) : 0n;
  const cap = native ? expected.amount : 0n;
  if (acceptedValue > 0n && acceptedValue + (payments.length > 0 ? paidNative : 0n) > cap)
    fail(
      "steps",
      "accepted-value-above-amount",
      `at most ${cap} wei in accepted items`,
      `${acceptedValue} wei`,
    );
  // The token route's analogue: an accepted contract may draw its allowance of the currency paid
  // (a router's swap), so with a decoded payment too, the two together stay within the amount.
  const paid = payments.reduce((sum, payment) => sum + payment.amount, 0n);
  const leftToAccepted = allowances
    .filter((allowance) => targets.has(allowance.spender) && allowance.currency === expected.currency)
    .reduce((sum, allowance) => sum + allowance.amount, 0n);
  if (payments.length > 0 && leftToAccepted > 0n && paid + leftToAccepted > expected.amount)
    fail(
      "steps",
      "accepted-allowance-above-amount",
      `at most ${expected.amount} paid and approved to accepted contracts together`,
      `${paid} paid + ${leftToAccepted} of ${expected.currency} approved to ${[
        ...new Set(
          allowances
            .filter((allowance) => targets.has(allowance.spender) && allowance.currency === expected.currency)
            .map((allowance) => allowance.spender),
        ),
      ].join(", ")}`,
    );
  if (checks.length === 0)
    checks.push({
      name: "total",
      ok: true,
      field: "steps",
      summary: `${payments.length} payment, ${effect.fees.length} fee, ${accepted.length} accepted`,
    });
  return checks;
}
