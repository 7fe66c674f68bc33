import type { PaymentCheck } from "../types.js";
import { fail, type IntentContext, intentMoney, pass } from "./intentContext.js";
import { outputCallValue } from "./outputCallValue.js";

/**
 * `amount`, `quotedInput`: by `tradeType`, EXACT_INPUT pays exactly `amount`; EXACT_OUTPUT signs a
 * minimum output (plus the value the destination calls carry, only when the output is the
 * destination chain's native currency: `outputCallValue`) of at least `amount`; EXPECTED_OUTPUT
 * an expected output of at least `amount`; the signed input at most the caller's `maxAmountIn` when
 * given (the bound of an output-priced trade). The signed input is the input the quote shows
 * (`details.currencyIn.amount`), so what the caller reads is what they pay.
 *
 * @param context - {@link IntentContext}
 * @param quotedInput - `details.currencyIn.amount`, when the quote shows one.
 * @returns The checks.
 * @example
 * checks.push(...checkOrderAmount(context, quoted.input))
 */
export function checkOrderAmount(
  context: IntentContext,
  quotedInput: bigint | undefined,
  maxAmountIn?: bigint | undefined,
): PaymentCheck[] {
  const { order, intent } = context;
  const input = order.input;
  const amount = BigInt(intent.amount);
  const checks: PaymentCheck[] = [];
  if (intent.tradeType === "EXACT_INPUT") {
    if (input !== undefined && input.amount !== amount)
      checks.push(
        fail("amount", `${input.path}.amount`, "amount-mismatch", amount.toString(), input.amount.toString()),
      );
    else if (input !== undefined)
      checks.push(
        pass("amount", `${input.path}.amount`, input.amount.toString(), {
          money: intentMoney(intent, "origin", input.amount),
        }),
      );
  } else {
    const exact = intent.tradeType === "EXACT_OUTPUT";
    const values = order.payments.map((payment) => (exact ? payment.minimumAmount : payment.expectedAmount));
    const signed =
      values.reduce((least, value) => (value < least ? value : least), values[0] ?? 0n) +
      outputCallValue(context);
    const field = `orderData.output.payments[*].${exact ? "minimumAmount" : "expectedAmount"}`;
    if (order.payments.length === 0 || signed < amount)
      checks.push(fail("amount", field, "output-below-amount", `at least ${amount}`, signed.toString()));
    else
      checks.push(
        pass("amount", field, signed.toString(), { money: intentMoney(intent, "destination", signed) }),
      );
  }
  if (input !== undefined && maxAmountIn !== undefined && input.amount > maxAmountIn)
    checks.push(
      fail(
        "amount",
        `${input.path}.amount`,
        "input-above-max",
        `at most ${maxAmountIn} (maxAmountIn)`,
        input.amount.toString(),
      ),
    );
  if (input !== undefined && quotedInput !== undefined && quotedInput !== input.amount)
    checks.push(
      fail(
        "quotedInput",
        `${input.path}.amount`,
        "amount-mismatch",
        `${quotedInput} (details.currencyIn.amount)`,
        input.amount.toString(),
      ),
    );
  else if (input !== undefined) checks.push(pass("quotedInput", `${input.path}.amount`));
  return checks;
}
