import type { PaymentCheck } from "../types.js";
import { encodeFor, fail, type IntentContext, pass, vmOf } from "./intentContext.js";
import { otherBitcoinForm } from "./otherBitcoinForm.js";

/**
 * `refund`, `refundTo`: the order has at least one refund leg, and each leg refunds, on the input's
 * chain, the input's currency or that chain's native one; on the output's chain, an output's
 * currency or its native one (as live orders do: a refund on each chain); pays the caller's refund address on that chain (the first of
 * `refundTo`, the recipient, the user that is an address there: the interface's default order);
 * and (v1) stays open at least until the fill deadline, so a fill that never comes can be refunded.
 * With the intent's `refundOnOrigin: true` ("always refund on origin"), every leg is on the input's
 * chain (`refund-not-on-origin`): a leg on the output's chain is refused even when it is otherwise
 * the caller's.
 *
 * @param context - {@link IntentContext}
 * @returns The checks.
 * @example
 * checks.push(...checkOrderRefunds(context))
 */
export function checkOrderRefunds(context: IntentContext): PaymentCheck[] {
  const { order, intent } = context;
  if (order.refunds.length === 0)
    return [fail("refund", "orderData.inputs[0].refunds", "no-refund", "a refund leg to the caller", "none")];
  const outputCurrencies = new Set(order.payments.map((payment) => payment.currency.toLowerCase()));
  const onOriginOnly = (intent as { refundOnOrigin?: unknown }).refundOnOrigin === true;
  const checks: PaymentCheck[] = [];
  for (const refund of order.refunds) {
    if (onOriginOnly && refund.chainId !== order.input?.chainId)
      checks.push(
        fail(
          "refund",
          `${refund.path}.chainId`,
          "refund-not-on-origin",
          `${order.input?.chainId ?? "the input's chain"} (the intent's refundOnOrigin: true)`,
          refund.chainId,
        ),
      );
    const currency = refund.currency.toLowerCase();
    const onInput =
      refund.chainId === order.input?.chainId && currency === order.input.currency.toLowerCase();
    const onOutput = refund.chainId === order.outputChainId && outputCurrencies.has(currency);
    if (!onInput && !onOutput)
      checks.push(
        fail(
          "refund",
          `${refund.path}.currency`,
          "refund-leg-mismatch",
          `the input's or the native currency on ${order.input?.chainId}, or the output's or the native one on ${order.outputChainId}`,
          `${refund.currency} on ${refund.chainId}`,
        ),
      );
    else if (refund.deadline !== undefined && refund.deadline < order.deadline.value)
      checks.push(
        fail(
          "refund",
          `${refund.path}.deadline`,
          "refund-closes-before-fill",
          `at least ${order.deadline.value}`,
          refund.deadline.toString(),
        ),
      );
    else checks.push(pass("refund", `${refund.path}`, `${refund.chainId}`));
    const vmType = vmOf(context, refund.chainId);
    const wantedText = [intent.refundTo, intent.recipient, intent.user].find(
      (value) => encodeFor(context, value, vmType) !== undefined,
    );
    const wanted = encodeFor(context, wantedText, vmType);
    // Unprefixed, the bytes of a legacy address are another form's too: the order's text decides.
    const sameBytes = wanted !== undefined && refund.recipient.toLowerCase() === wanted;
    const other =
      sameBytes && wantedText !== undefined
        ? otherBitcoinForm(context, `${refund.path}.recipient`, refund.chainId, wantedText)
        : undefined;
    if (!sameBytes)
      checks.push(
        fail(
          "refundTo",
          `${refund.path}.recipient`,
          "refund-recipient-mismatch",
          wanted ?? "an address of the caller's",
          refund.recipient,
        ),
      );
    else if (other !== undefined)
      checks.push(
        fail(
          "refundTo",
          `${refund.path}.recipient`,
          "refund-recipient-mismatch",
          `${wantedText} (legacyBitcoinEncoding "unprefixed" signs the bytes of both forms alike)`,
          other,
        ),
      );
    else checks.push(pass("refundTo", `${refund.path}.recipient`));
  }
  return checks;
}
