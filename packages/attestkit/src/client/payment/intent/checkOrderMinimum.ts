import type { PaymentCheck } from "../types.js";
import { fail, type IntentContext, intentMoney, pass } from "./intentContext.js";
import { outputCallValue } from "./outputCallValue.js";

/**
 * `minimumOutput`: every signed minimum (plus the destination calls' value when the output is the
 * destination chain's native currency: `outputCallValue`) is at least the output
 * the quote shows (`details.currencyOut.amount`) less the slippage the caller allows (the intent's
 * `slippageTolerance`, else `maxSlippageBps`); with EXPECTED_OUTPUT, at least the caller's own
 * amount less that slippage too. The shown output is the service's price: the caller bounds it
 * absolutely with an EXACT_OUTPUT or EXPECTED_OUTPUT intent.
 *
 * @param context - {@link IntentContext}
 * @param quotedOutput - `details.currencyOut.amount`, when the quote shows one.
 * @param maxSlippageBps - Basis points allowed when the intent names none.
 * @returns The checks.
 * @example
 * checks.push(...checkOrderMinimum(context, quoted.output, 500))
 */
export function checkOrderMinimum(
  context: IntentContext,
  quotedOutput: bigint | undefined,
  maxSlippageBps: number,
): PaymentCheck[] {
  const { order, intent } = context;
  if (quotedOutput === undefined)
    return [
      fail("minimumOutput", "details.currencyOut.amount", "no-quoted-output", "the quoted output", "none"),
    ];
  const slippageBps = BigInt(intent.slippageTolerance ?? maxSlippageBps);
  // With EXPECTED_OUTPUT the caller named the output: the floor is the larger of its own amount and
  // the shown output, each less the slippage (the service's price cannot lower the caller's floor).
  const reference =
    intent.tradeType === "EXPECTED_OUTPUT" && BigInt(intent.amount) > quotedOutput
      ? BigInt(intent.amount)
      : quotedOutput;
  const floor = (reference * (10_000n - slippageBps)) / 10_000n;
  const callValue = outputCallValue(context);
  return order.payments.map((payment) => {
    const signed = payment.minimumAmount + callValue;
    return signed < floor
      ? fail(
          "minimumOutput",
          `${payment.path}.minimumAmount`,
          "minimum-below-slippage",
          `at least ${floor} (${reference} less ${slippageBps} bps)`,
          signed.toString(),
        )
      : pass("minimumOutput", `${payment.path}.minimumAmount`, signed.toString(), {
          money: intentMoney(intent, "destination", signed),
        });
  });
}
