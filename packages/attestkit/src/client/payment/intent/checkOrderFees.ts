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
  const referrer = (intent as { referrerAddress?: unknown }).referrerAddress;
  const signedIn = order.input?.amount ?? 0n;
  const capOf = (items: readonly AppFee[]) =>
    (signedIn * items.reduce((sum, fee) => sum + integer(fee.fee), 0n) + 9_999n) / 10_000n +
    BigInt(items.length);
  const checks: PaymentCheck[] = [];
  const recipients = new Map<string, PaidRecipient>();
  for (const fee of order.fees) {
    const currency = checkFeeCurrency(context, fee);
    if (currency) checks.push(currency);
    const allowed = allowedRecipient(context, fee, {
      appFees,
      unnamed: unnamedItems.length > 0,
      trustedSolver,
      referrer,
    });
    if ("refusal" in allowed) checks.push(allowed.refusal);
    else addPaid(recipients, fee, allowed);
  }
  checks.push(...checkRecipientCaps(recipients, capOf, unnamedItems));
  const total = order.fees.reduce((sum, fee) => sum + fee.amount, 0n);
  // 3. All fees within every item's basis points (said once: not again when a recipient's cap broke).
  const cap = capOf(appFees);
  const above = checks.some((check) => check.reason === "fees-above-app-fees");
  if (total > cap && !above)
    checks.push(
      fail("fees", "orderData.fees[*].amount", "fees-above-app-fees", `at most ${cap}`, total.toString()),
    );
  return checks.length > 0 ? checks : [pass("fees", "orderData.fees", total.toString())];
}

type OrderFee = IntentContext["order"]["fees"][number];

/** What one known recipient is paid, where, and which items allow it (`pooled`: the unnamed items' too). */
type PaidRecipient = { paid: bigint; paths: string[]; items: AppFee[]; pooled: boolean; label: string };

/**
 * The app fee is taken from the input: in its currency, on its chain, paid on the input's or the
 * output's chain (the caps are in the input's units); a refusal otherwise.
 */
function checkFeeCurrency({ order }: IntentContext, fee: OrderFee): PaymentCheck | undefined {
  const inInput =
    fee.currencyChainId === order.input?.chainId &&
    fee.currency.toLowerCase() === order.input.currency.toLowerCase();
  const onOrderChain =
    fee.recipientChainId === order.input?.chainId || fee.recipientChainId === order.outputChainId;
  if (inInput && onOrderChain) return undefined;
  return fail(
    "fees",
    `${fee.path}.currency`,
    "fee-currency-mismatch",
    `the input's currency on ${order.input?.chainId}, paid on ${order.input?.chainId} or ${order.outputChainId}`,
    `${fee.currency} on ${fee.currencyChainId}, paid on ${fee.recipientChainId}`,
  );
}

/**
 * Who may be paid a fee: the intent's items naming its recipient (unprefixed, a legacy Bitcoin
 * address's bytes are another form's too: the order's text decides), or, when an item names no one,
 * the trusted solver or the `referrerAddress`; a refusal for anyone else.
 */
function allowedRecipient(
  context: IntentContext,
  fee: OrderFee,
  intent: { appFees: AppFee[]; unnamed: boolean; trustedSolver: string | undefined; referrer: unknown },
): { naming: AppFee[]; toSolver: boolean; toReferrer: boolean } | { refusal: PaymentCheck } {
  const { appFees, unnamed, trustedSolver, referrer } = intent;
  const vmType = vmOf(context, fee.recipientChainId);
  const recipient = fee.recipient.toLowerCase();
  const naming = appFees.filter(
    (item) =>
      typeof item.recipient === "string" &&
      encodeFor(context, item.recipient, vmType) === recipient &&
      otherBitcoinForm(context, `${fee.path}.recipient`, fee.recipientChainId, item.recipient) === undefined,
  );
  const toSolver = unnamed && trustedSolver !== undefined && recipient === trustedSolver;
  const toReferrer =
    unnamed && typeof referrer === "string" && encodeFor(context, referrer, vmType) === recipient;
  if (naming.length > 0 || toSolver || toReferrer) return { naming, toSolver, toReferrer };
  return {
    refusal: fail(
      "fees",
      `${fee.path}.recipient`,
      "unknown-fee-recipient",
      appFees.length === 0
        ? "no fees (the intent names no appFees)"
        : "an appFees recipient (or a trusted solver)",
      fee.recipient,
    ),
  };
}

/** Adds a fee to what its recipient (by its bytes) is paid, with the items that allow it. */
function addPaid(
  recipients: Map<string, PaidRecipient>,
  fee: OrderFee,
  { naming, toSolver, toReferrer }: { naming: AppFee[]; toSolver: boolean; toReferrer: boolean },
): void {
  const recipient = fee.recipient.toLowerCase();
  const known = recipients.get(recipient);
  if (known !== undefined) {
    known.paid += fee.amount;
    known.paths.push(fee.path);
    return;
  }
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

/**
 * Caps 1 and 2: each recipient within its own items' basis points (the unnamed items' too for the
 * trusted solver and the referrer), and the unnamed items' share paid once across those two.
 */
function checkRecipientCaps(
  recipients: ReadonlyMap<string, PaidRecipient>,
  capOf: (items: readonly AppFee[]) => bigint,
  unnamedItems: readonly AppFee[],
): PaymentCheck[] {
  const checks: PaymentCheck[] = [];
  for (const [recipient, { paid, paths, items, pooled, label }] of recipients) {
    const cap = capOf(pooled ? [...items, ...unnamedItems] : items);
    if (paid > cap)
      checks.push(
        fail(
          "fees",
          paths.map((path) => `${path}.amount`).join(" + "),
          "fees-above-app-fees",
          `at most ${cap} to ${recipient} (${label})`,
          paid.toString(),
        ),
      );
  }
  const pooled = [...recipients.values()].filter((entry) => entry.pooled);
  if (pooled.length < 2) return checks;
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
  return checks;
}
