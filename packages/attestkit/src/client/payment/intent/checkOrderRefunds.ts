import type { PaymentCheck } from "../types.js";
import { encodeFor, fail, type IntentContext, pass, vmOf } from "./intentContext.js";

/**
 * `refund`, `refundTo`: the order has at least one refund leg, and each leg refunds, on the input's
 * chain, the input's currency or that chain's native one; on the output's chain, an output's
 * currency or its native one (as live orders do: a refund on each chain); pays the caller's refund address on that chain (the first of
 * `refundTo`, the recipient, the user that is an address there: the interface's default order);
 * and (v1) stays open at least until the fill deadline, so a fill that never comes can be refunded.
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
  const checks: PaymentCheck[] = [];
  for (const refund of order.refunds) {
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
    const wanted = [intent.refundTo, intent.recipient, intent.user]
      .map((value) => encodeFor(context, value, vmType))
      .find((bytes) => bytes !== undefined);
    if (wanted === undefined || refund.recipient.toLowerCase() !== wanted)
      checks.push(
        fail(
          "refundTo",
          `${refund.path}.recipient`,
          "refund-recipient-mismatch",
          wanted ?? "an address of the caller's",
          refund.recipient,
        ),
      );
    else checks.push(pass("refundTo", `${refund.path}.recipient`));
  }
  return checks;
}
