import { zeroAddress } from "viem";
import type { PaymentCheck } from "../types.js";
import { encodeFor, fail, type IntentContext, pass, slugOf, vmOf } from "./intentContext.js";
import { otherBitcoinForm } from "./otherBitcoinForm.js";

/**
 * `destinationChain`, `destinationCurrency`, `recipient`: the output is on the intent's destination
 * chain (its slug in the trust root), and every output payment is of the intent's currency to its
 * recipient (else its user), never the zero address.
 *
 * @param context - {@link IntentContext}
 * @returns The checks.
 * @example
 * checks.push(...checkOrderDestination(context))
 */
export function checkOrderDestination(context: IntentContext): PaymentCheck[] {
  const { order, intent, root } = context;
  const checks: PaymentCheck[] = [];
  const destination = root.byId.get(intent.destinationChainId);
  if (order.outputChainId !== destination?.slug)
    checks.push(
      fail(
        "destinationChain",
        "orderData.output.chainId",
        "chain-mismatch",
        slugOf(context, intent.destinationChainId),
        order.outputChainId,
      ),
    );
  else checks.push(pass("destinationChain", "orderData.output.chainId", order.outputChainId));
  const vmType = vmOf(context, order.outputChainId);
  const recipient = intent.recipient ?? intent.user;
  if (recipient.toLowerCase() === zeroAddress)
    return [
      ...checks,
      fail("recipient", "intent.recipient", "zero-recipient", "an address that can receive", recipient),
    ];
  const wantedCurrency = encodeFor(context, intent.destinationCurrency, vmType);
  const wantedRecipient = encodeFor(context, recipient, vmType);
  if (order.payments.length === 0)
    checks.push(fail("recipient", "orderData.output.payments", "no-output", recipient, "no payment"));
  for (const payment of order.payments) {
    if (wantedCurrency === undefined || payment.currency.toLowerCase() !== wantedCurrency)
      checks.push(
        fail(
          "destinationCurrency",
          `${payment.path}.currency`,
          "currency-mismatch",
          wantedCurrency ?? intent.destinationCurrency,
          payment.currency,
        ),
      );
    else checks.push(pass("destinationCurrency", `${payment.path}.currency`));
    if (wantedRecipient === undefined || payment.recipient.toLowerCase() !== wantedRecipient)
      checks.push(
        fail(
          "recipient",
          `${payment.path}.recipient`,
          "recipient-mismatch",
          wantedRecipient ?? recipient,
          payment.recipient,
        ),
      );
    else {
      // Unprefixed, the bytes of a legacy address are another form's too: the order's text decides.
      const other = otherBitcoinForm(context, `${payment.path}.recipient`, order.outputChainId, recipient);
      checks.push(
        other === undefined
          ? pass("recipient", `${payment.path}.recipient`, recipient)
          : fail(
              "recipient",
              `${payment.path}.recipient`,
              "recipient-mismatch",
              `${recipient} (legacyBitcoinEncoding "unprefixed" signs the bytes of both forms alike)`,
              other,
            ),
      );
    }
  }
  return checks;
}
