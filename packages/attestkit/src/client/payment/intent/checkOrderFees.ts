import type { PaymentCheck } from "../types.js";
import { integer } from "./intentCallValue.js";
import { encodeFor, fail, type IntentContext, pass, vmOf } from "./intentContext.js";
import { otherBitcoinForm } from "./otherBitcoinForm.js";

/** One `appFees` item as the intent gives it (the schema checked its shape). */
type AppFee = { recipient?: unknown; fee?: unknown };

/**
 * `fees`: the order's fees are only the app fees the intent asked for (`appFees`), each to one of
 * their recipients, and within their basis points of the signed input, per recipient and in total.
 * An item that names no recipient is paid to the solver, as the service does, or to the intent's
 * `referrerAddress`: the solver only when it is one the caller trusts. A Bitcoin fee recipient
 * under `legacyBitcoinEncoding: "unprefixed"` must also be the item's own text (`otherBitcoinForm`).
 *
 * The caps, each rounded up item by item (one smallest unit per item on top of the rounded-up share):
 *
 * 1. each recipient at most the basis points of the items naming it, plus the unnamed items' when it
 *    is the trusted solver or the `referrerAddress` (`fees-above-app-fees`, field of its fees): a fee
 *    meant for one recipient cannot be paid to another, nor the unnamed items' to a named one;
 * 2. the trusted solver and the `referrerAddress` together at most the unnamed items' basis points
 *    plus what the items naming them give them: the unnamed share is paid once, not once to each;
 * 3. all fees together at most every item's basis points (reported only when no cap above broke).
 *
 * @param context - {@link IntentContext}
 * @param trustedSolver - The order's solver when the caller trusts it (lowercase), else undefined.
 * @returns The checks.
 * @example
 * checks.push(...checkOrderFees(context, trustedSolver))
 */
export function checkOrderFees(context: IntentContext, trustedSolver: string | undefined): PaymentCheck[] {
  const { order, intent } = context;
  const appFees = (intent.appFees ?? []) as AppFee[];
  const unnamedItems = appFees.filter((fee) => typeof fee.recipient !== "string");
  const unnamed = unnamedItems.length > 0;
  const referrer = (intent as { referrerAddress?: unknown }).referrerAddress;
  const signedIn = order.input?.amount ?? 0n;
  const capOf = (items: readonly AppFee[]) =>
    (signedIn * items.reduce((sum, fee) => sum + integer(fee.fee), 0n) + 9_999n) / 10_000n +
    BigInt(items.length);
  const checks: PaymentCheck[] = [];
  let total = 0n;
  // The fees paid to each known recipient (by its bytes), with the items that allow them.
  const recipients = new Map<
    string,
    { paid: bigint; paths: string[]; items: AppFee[]; pooled: boolean; label: string }
  >();
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
    // Unprefixed, a legacy Bitcoin address's bytes are another form's too: the order's text decides.
    const naming = appFees.filter(
      (item) =>
        typeof item.recipient === "string" &&
        encodeFor(context, item.recipient, vmType) === recipient &&
        otherBitcoinForm(context, `${fee.path}.recipient`, fee.recipientChainId, item.recipient) ===
          undefined,
    );
    const toSolver = unnamed && trustedSolver !== undefined && recipient === trustedSolver;
    const toReferrer =
      unnamed && typeof referrer === "string" && encodeFor(context, referrer, vmType) === recipient;
    if (naming.length === 0 && !toSolver && !toReferrer) {
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
      continue;
    }
    const known = recipients.get(recipient);
    if (known !== undefined) {
      known.paid += fee.amount;
      known.paths.push(fee.path);
    } else
      recipients.set(recipient, {
        paid: fee.amount,
        paths: [fee.path],
        items: naming,
        pooled: toSolver || toReferrer,
        label: [
          ...(naming.length > 0 ? [`${naming.length} appFees item(s) naming it`] : []),
          ...(toSolver ? ["the unnamed items (the trusted solver)"] : []),
          ...(toReferrer ? ["the unnamed items (the referrerAddress)"] : []),
        ].join(" + "),
      });
  }
  // 1. Each recipient within its own items' basis points.
  for (const [recipient, { paid, paths, items, pooled, label }] of recipients) {
    const cap = capOf(pooled ? [...items, ...unnamedItems] : items);
    if (paid > cap)
      checks.push(
        fail(
          "fees",
          paths.length === 1 ? `${paths[0]}.amount` : `${paths.map((path) => `${path}.amount`).join(" + ")}`,
          "fees-above-app-fees",
          `at most ${cap} to ${recipient} (${label})`,
          paid.toString(),
        ),
      );
  }
  // 2. The unnamed items' share paid once, across the solver and the referrer.
  const pooled = [...recipients.values()].filter((entry) => entry.pooled);
  if (pooled.length > 1) {
    const cap = capOf([...pooled.flatMap((entry) => entry.items), ...unnamedItems]);
    const paid = pooled.reduce((sum, entry) => sum + entry.paid, 0n);
    if (paid > cap)
      checks.push(
        fail(
          "fees",
          pooled.flatMap((entry) => entry.paths.map((path) => `${path}.amount`)).join(" + "),
          "fees-above-app-fees",
          `at most ${cap} to the trusted solver and the referrerAddress together (the unnamed items once)`,
          paid.toString(),
        ),
      );
  }
  // 3. All fees within every item's basis points (said once: not again when a recipient's cap broke).
  const cap = capOf(appFees);
  const above = checks.some((check) => check.reason === "fees-above-app-fees");
  if (total > cap && !above)
    checks.push(
      fail("fees", "orderData.fees[*].amount", "fees-above-app-fees", `at most ${cap}`, total.toString()),
    );
  return checks.length > 0 ? checks : [pass("fees", "orderData.fees", total.toString())];
}
