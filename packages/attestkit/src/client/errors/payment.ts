// Errors of the payment guard: a quote that does not pay the order the caller asked for.
import { BaseError } from "../../errors/BaseError.js";
import { paymentAdvice } from "../payment/paymentAdvice.js";
import type { PaymentCheck } from "../payment/types.js";

/** How a check reads in one line: `item deposit[0] data.value: amount-mismatch (expected 1, got 2)`. */
export function describePaymentCheck(check: PaymentCheck): string {
  const where = check.item ? `item ${check.item.stepId}[${check.item.itemIndex}]` : check.name;
  const field = check.field ? ` ${check.field}` : "";
  if (check.ok) return `${where}${field}: ok${check.summary ? ` (${check.summary})` : ""}`;
  const values =
    check.expected !== undefined || check.actual !== undefined
      ? ` (expected ${check.expected ?? "?"}, got ${check.actual ?? "?"})`
      : "";
  return `${where}${field}: ${check.reason ?? "failed"}${values}`;
}

/**
 * The quote does not pay exactly the order the solver signed and the caller asked for: nothing was
 * sent or signed. `check` is the first failed check (the item, the field, the expected and the actual
 * value); `checks` holds every one.
 */
export class PaymentMismatchError extends BaseError {
  readonly check: PaymentCheck;
  readonly checks: readonly PaymentCheck[];
  constructor({ checks }: { checks: readonly PaymentCheck[] }) {
    const failed = checks.filter((check) => !check.ok);
    const first = failed[0] as PaymentCheck;
    super(
      `The quote does not pay the order you asked for: ${describePaymentCheck(first)}. Nothing was sent.`,
      {
        name: "PaymentMismatchError",
        metaMessages: [
          ...failed.slice(1).map((check) => `also: ${describePaymentCheck(check)}`),
          ...paymentAdvice(checks, "library"),
        ],
      },
    );
    this.check = first;
    this.checks = checks;
  }
}

/** {@link PaymentMismatchError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type PaymentMismatchErrorType = PaymentMismatchError & { name: "PaymentMismatchError" };

/** The payment guard is on but does not know what the caller asked for. */
export class MissingPaymentIntentError extends BaseError {
  constructor() {
    super("The payment guard needs the quote request this quote answers; nothing was sent.", {
      name: "MissingPaymentIntentError",
      metaMessages: [
        "A quote from getQuote carries it. For a quote read from elsewhere, pass verify: { intent: <the POST /quote/v2 body> },",
        "or turn the guard off explicitly with verify: false.",
      ],
    });
  }
}

/** {@link MissingPaymentIntentError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type MissingPaymentIntentErrorType = MissingPaymentIntentError & { name: "MissingPaymentIntentError" };
