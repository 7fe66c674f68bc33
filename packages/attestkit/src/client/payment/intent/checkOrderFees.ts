import type { PaymentCheck } from "../types.js";
import { integer } from "./intentCallValue.js";
import { encodeFor, fail, type IntentContext, pass, vmOf } from "./intentContext.js";

/**
 * `fees`: the order's fees are only the app fees the intent asked for (`appFees`), each to one of
 * their recipients, all together at most their basis points of the signed input (each item's share
 * rounded up). An item that names no recipient is paid to the solver, as the service does, or to the
 * intent's `referrerAddress`: the solver only when it is one the caller trusts.
 *
 * @param context - {@link IntentContext}
 * @param trustedSolver - The order's solver when the caller trusts it (lowercase), else undefined.
 * @returns The checks.
 * @example
 * checks.push(...checkOrderFees(context, trustedSolver))
 */
export function checkOrderFees(context: IntentContext, trustedSolver: string | undefined): PaymentCheck[] {
  const { order, intent } = context;
  const appFees = (intent.appFees ?? []) as { recipient?: unknown; fee?: unknown }[];
  const unnamed = appFees.some((fee) => typeof fee.recipient !== "string");
  const referrer = (intent as { referrerAddress?: unknown }).referrerAddress;
  const feeBps = appFees.reduce((sum, fee) => sum + integer(fee.fee), 0n);
  const signedIn = order.input?.amount ?? 0n;
  const cap = (signedIn * feeBps + 9_999n) / 10_000n + BigInt(appFees.length);
  const checks: PaymentCheck[] = [];
  let total = 0n;
  for (const fee of order.fees) {
    total += fee.amount;
    // The app fee is taken from the input: in its currency, on its chain, paid on the input's or
    // the output's chain (the cap below is in the input's units).
    const inInput =
      fee.currencyChainId === order.input?.chainId &&
      fee.currency.toLowerCase() === order.input.currency.toLowerCase();
    const onOrderChain =
      fee.recipientChainId === order.input?.chainId || fee.recipientChainId === order.outputChainId;
    if (!inInput || !onOrderChain)
      checks.push(
        fail(
          "fees",
          `${fee.path}.currency`,
          "fee-currency-mismatch",
          `the input's currency on ${order.input?.chainId}, paid on ${order.input?.chainId} or ${order.outputChainId}`,
          `${fee.currency} on ${fee.currencyChainId}, paid on ${fee.recipientChainId}`,
        ),
      );
    const vmType = vmOf(context, fee.recipientChainId);
    const recipient = fee.recipient.toLowerCase();
    const named = appFees.some(
      (item) =>
        typeof item.recipient === "string" && encodeFor(context, item.recipient, vmType) === recipient,
    );
    const toSolver = unnamed && trustedSolver !== undefined && recipient === trustedSolver;
    const toReferrer =
      unnamed && typeof referrer === "string" && encodeFor(context, referrer, vmType) === recipient;
    if (!named && !toSolver && !toReferrer)
      checks.push(
        fail(
          "fees",
          `${fee.path}.recipient`,
          "unknown-fee-recipient",
          appFees.length === 0
            ? "no fees (the intent names no appFees)"
            : "an appFees recipient (or a trusted solver)",
          fee.recipient,
        ),
      );
  }
  if (total > cap)
    checks.push(
      fail("fees", "orderData.fees[*].amount", "fees-above-app-fees", `at most ${cap}`, total.toString()),
    );
  return checks.length > 0 ? checks : [pass("fees", "orderData.fees", total.toString())];
}
