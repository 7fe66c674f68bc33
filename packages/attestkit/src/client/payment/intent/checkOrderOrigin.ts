import type { PaymentCheck } from "../types.js";
import { encodeFor, fail, type IntentContext, pass, slugOf } from "./intentContext.js";

/**
 * `originChain`, `originCurrency`: the order has one input, of weight 1, on the intent's origin
 * chain (its slug in the trust root), in the intent's currency (as that chain's VM encodes it).
 *
 * @param context - {@link IntentContext}
 * @returns The two checks.
 * @example
 * checks.push(...checkOrderOrigin(context))
 */
export function checkOrderOrigin(context: IntentContext): PaymentCheck[] {
  const { order, intent, root } = context;
  const input = order.input;
  const origin = root.byId.get(intent.originChainId);
  if (input === undefined || order.inputCount !== 1)
    return [fail("originChain", "orderData.inputs", "input-count", "1 input", `${order.inputCount} inputs`)];
  const checks: PaymentCheck[] = [];
  if (input.chainId !== origin?.slug)
    checks.push(
      fail(
        "originChain",
        `${input.path}.chainId`,
        "chain-mismatch",
        slugOf(context, intent.originChainId),
        input.chainId,
      ),
    );
  else checks.push(pass("originChain", `${input.path}.chainId`, input.chainId));
  // The one input is the whole payment: its weight (a share among several inputs) is 1.
  if (input.weight !== 1n)
    checks.push(fail("originChain", `${input.path}.weight`, "input-weight", "1", input.weight.toString()));
  const currency = encodeFor(context, intent.originCurrency, origin?.vmType);
  if (currency === undefined || currency !== input.currency.toLowerCase())
    checks.push(
      fail(
        "originCurrency",
        `${input.path}.currency`,
        "currency-mismatch",
        currency ?? intent.originCurrency,
        input.currency,
      ),
    );
  else checks.push(pass("originCurrency", `${input.path}.currency`));
  return checks;
}
