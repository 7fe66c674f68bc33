import type { Hex } from "viem";
import { encodeOrderAddress } from "../../orders/encodeOrderAddress.js";
import type { OrderStruct } from "../../orders/toOrderStruct.js";
import type { LegacyBitcoinEncoding, OrderVmType } from "../../orders/types.js";
import type { ToPaymentChainsReturnType } from "./toPaymentChains.js";
import type { PaymentCheck, PaymentCheckName, PaymentIntent } from "./types.js";

export type CheckOrderIntentParameters = {
  /** The signed order, as `toOrderStruct` reads it (addresses as the bytes of their VM). */
  struct: OrderStruct;
  /** What the caller asked for. */
  intent: PaymentIntent;
  /** The amounts the quote shows (`details.currencyIn.amount`, `details.currencyOut.amount`). */
  quoted: { input: bigint | undefined; output: bigint | undefined };
  chains: ToPaymentChainsReturnType;
  /** Slippage allowed when the intent sets no `slippageTolerance`, in basis points. */
  maxSlippageBps: number;
  nowSeconds: number;
  legacyBitcoinEncoding?: LegacyBitcoinEncoding | undefined;
};

/** The order read the same way whatever its version. */
type OrderTerms = {
  input: { path: string; chainId: string; currency: Hex; amount: bigint } | undefined;
  inputCount: number;
  refunds: { path: string; chainId: string; recipient: Hex }[];
  outputChainId: string;
  payments: { path: string; recipient: Hex; currency: Hex; minimumAmount: bigint; expectedAmount: bigint }[];
  fees: { path: string; recipientChainId: string; recipient: Hex; amount: bigint }[];
  deadline: { path: string; value: number };
  solver: string;
};

/**
 * Checks that a signed order is what the caller asked for, field by field:
 * - `originChain`, `originCurrency`: one input, on the intent's origin chain, in its currency;
 * - `amount`: by `tradeType`: EXACT_INPUT pays exactly `amount`; EXACT_OUTPUT signs a minimum
 *   output (plus the value the destination calls carry) of at least `amount`; EXPECTED_OUTPUT an
 *   expected output of at least `amount`;
 * - `quotedInput`: the signed input is the input the quote shows (`details.currencyIn.amount`);
 * - `destinationChain`, `destinationCurrency`, `recipient`: every output payment goes to the
 *   intent's recipient (else its user) on its destination chain, in its currency;
 * - `minimumOutput`: every signed minimum is at least the quoted output less the slippage the caller
 *   allowed (`slippageTolerance`, else `maxSlippageBps`);
 * - `refundTo`: every refund leg pays the first of `refundTo`, the recipient, the user that is an
 *   address on that leg's chain (the interface's default order);
 * - `fees`: only the app fees the intent asked for, to their recipients, at most their basis points
 *   of the input;
 * - `deadline`: the order can still be filled.
 *
 * @param parameters - {@link CheckOrderIntentParameters}
 * @returns One check per rule, in that order.
 * @example
 * const checks = checkOrderIntent({ struct, intent, quoted, chains, maxSlippageBps: 500, nowSeconds })
 */
export function checkOrderIntent(parameters: CheckOrderIntentParameters): PaymentCheck[] {
  const { struct, intent, quoted, chains, nowSeconds } = parameters;
  const order = readTerms(struct);
  const checks: PaymentCheck[] = [];
  const pass = (name: PaymentCheckName, field?: string, summary?: string) =>
    checks.push({ name, ok: true, ...(field ? { field } : {}), ...(summary ? { summary } : {}) });
  const fail = (name: PaymentCheckName, field: string, reason: string, expected: string, actual: string) =>
    checks.push({ name, ok: false, field, reason, expected, actual });
  /** The intent's address as the bytes of a VM, or undefined when it is no address there. */
  const encode = (value: string | undefined, vmType: OrderVmType | undefined): Hex | undefined => {
    if (value === undefined || vmType === undefined) return undefined;
    try {
      return encodeOrderAddress({
        value,
        vmType,
        legacyBitcoinEncoding: parameters.legacyBitcoinEncoding,
      }).toLowerCase() as Hex;
    } catch {
      return undefined;
    }
  };
  const vmOf = (slug: string) =>
    Object.hasOwn(chains.order.vmTypes, slug) ? chains.order.vmTypes[slug] : undefined;
  const origin = chains.byId.get(intent.originChainId);
  const destination = chains.byId.get(intent.destinationChainId);
  const slugOf = (id: number) => chains.byId.get(id)?.slug ?? `(chain ${id} not in GET /chains)`;

  // The origin: one input, the intent's chain and currency.
  const input = order.input;
  if (input === undefined || order.inputCount !== 1)
    fail("originChain", "orderData.inputs", "input-count", "1 input", `${order.inputCount} inputs`);
  else if (input.chainId !== origin?.slug)
    fail(
      "originChain",
      `${input.path}.chainId`,
      "chain-mismatch",
      slugOf(intent.originChainId),
      input.chainId,
    );
  else pass("originChain", `${input.path}.chainId`, input.chainId);
  if (input !== undefined) {
    const currency = encode(intent.originCurrency, origin?.vmType);
    if (currency === undefined || currency !== input.currency.toLowerCase())
      fail(
        "originCurrency",
        `${input.path}.currency`,
        "currency-mismatch",
        currency ?? intent.originCurrency,
        input.currency,
      );
    else pass("originCurrency", `${input.path}.currency`);
  }

  // The amount, by trade type, and the input the quote shows.
  const amount = BigInt(intent.amount);
  const callValue = (intent.txs ?? []).reduce((sum, call) => sum + integer(call.value), 0n);
  const leastMinimum = least(order.payments.map((payment) => payment.minimumAmount));
  const leastExpected = least(order.payments.map((payment) => payment.expectedAmount));
  if (intent.tradeType === "EXACT_INPUT") {
    if (input !== undefined && input.amount !== amount)
      fail("amount", `${input.path}.amount`, "amount-mismatch", amount.toString(), input.amount.toString());
    else if (input !== undefined) pass("amount", `${input.path}.amount`, input.amount.toString());
  } else {
    const signed = (intent.tradeType === "EXACT_OUTPUT" ? leastMinimum : leastExpected) + callValue;
    const field = `orderData.output.payments[*].${intent.tradeType === "EXACT_OUTPUT" ? "minimumAmount" : "expectedAmount"}`;
    if (order.payments.length === 0 || signed < amount)
      fail("amount", field, "output-below-amount", `at least ${amount}`, signed.toString());
    else pass("amount", field, signed.toString());
  }
  if (input !== undefined && quoted.input !== undefined && quoted.input !== input.amount)
    fail(
      "quotedInput",
      `${input.path}.amount`,
      "amount-mismatch",
      `${quoted.input} (details.currencyIn.amount)`,
      input.amount.toString(),
    );
  else if (input !== undefined) pass("quotedInput", `${input.path}.amount`);

  // The destination: chain, currency and recipient of every output payment.
  if (order.outputChainId !== destination?.slug)
    fail(
      "destinationChain",
      "orderData.output.chainId",
      "chain-mismatch",
      slugOf(intent.destinationChainId),
      order.outputChainId,
    );
  else pass("destinationChain", "orderData.output.chainId", order.outputChainId);
  const outputVm = vmOf(order.outputChainId);
  const wantedCurrency = encode(intent.destinationCurrency, outputVm);
  const recipient = intent.recipient ?? intent.user;
  const wantedRecipient = encode(recipient, outputVm);
  if (order.payments.length === 0)
    fail("recipient", "orderData.output.payments", "no-output", recipient, "no payment");
  for (const payment of order.payments) {
    if (wantedCurrency === undefined || payment.currency.toLowerCase() !== wantedCurrency)
      fail(
        "destinationCurrency",
        `${payment.path}.currency`,
        "currency-mismatch",
        wantedCurrency ?? intent.destinationCurrency,
        payment.currency,
      );
    else pass("destinationCurrency", `${payment.path}.currency`);
    if (wantedRecipient === undefined || payment.recipient.toLowerCase() !== wantedRecipient)
      fail(
        "recipient",
        `${payment.path}.recipient`,
        "recipient-mismatch",
        wantedRecipient ?? recipient,
        payment.recipient,
      );
    else pass("recipient", `${payment.path}.recipient`, recipient);
  }

  // The minimum output against the quoted output less the slippage allowed.
  const slippageBps = BigInt(intent.slippageTolerance ?? parameters.maxSlippageBps);
  const quotedOut = quoted.output;
  if (quotedOut === undefined)
    fail("minimumOutput", "details.currencyOut.amount", "no-quoted-output", "the quoted output", "none");
  else {
    const floor = (quotedOut * (10_000n - slippageBps)) / 10_000n;
    for (const payment of order.payments) {
      const signed = payment.minimumAmount + callValue;
      if (signed < floor)
        fail(
          "minimumOutput",
          `${payment.path}.minimumAmount`,
          "minimum-below-slippage",
          `at least ${floor} (${quotedOut} less ${slippageBps} bps)`,
          signed.toString(),
        );
      else pass("minimumOutput", `${payment.path}.minimumAmount`, signed.toString());
    }
  }

  // Refund legs: the caller's refund address on each leg's chain.
  for (const refund of order.refunds) {
    const vmType = vmOf(refund.chainId);
    const candidates = [intent.refundTo, intent.recipient, intent.user];
    const wanted = candidates.map((value) => encode(value, vmType)).find((bytes) => bytes !== undefined);
    if (wanted === undefined || refund.recipient.toLowerCase() !== wanted)
      fail(
        "refundTo",
        `${refund.path}.recipient`,
        "refund-recipient-mismatch",
        wanted ?? "an address of the caller's",
        refund.recipient,
      );
    else pass("refundTo", `${refund.path}.recipient`);
  }

  // Fees: only the app fees asked for, to their recipients, within their basis points.
  const appFees = (intent.appFees ?? []) as { recipient?: unknown; fee?: unknown }[];
  const feeBps = appFees.reduce((sum, fee) => sum + integer(fee.fee), 0n);
  // An item that names no recipient is paid to the solver (as the service does), or to the
  // `referrerAddress` the caller named (the devnet pays it there): both are the caller's own asks.
  const referrerAddress = (intent as { referrerAddress?: unknown }).referrerAddress;
  const unnamed = appFees.some((fee) => typeof fee.recipient !== "string");
  const payees = new Set<string>(unnamed ? [order.solver] : []);
  const signedIn = input?.amount ?? 0n;
  // Each item's share is rounded up, so allow one unit per item above the exact bound.
  const feeCap = (signedIn * feeBps + 9_999n) / 10_000n + BigInt(appFees.length);
  let feeTotal = 0n;
  for (const fee of order.fees) {
    feeTotal += fee.amount;
    const vmType = vmOf(fee.recipientChainId);
    const allowed =
      payees.has(fee.recipient.toLowerCase()) ||
      (unnamed &&
        typeof referrerAddress === "string" &&
        encode(referrerAddress, vmType) === fee.recipient.toLowerCase()) ||
      appFees.some(
        (item) =>
          typeof item.recipient === "string" &&
          encode(item.recipient, vmType) === fee.recipient.toLowerCase(),
      );
    if (!allowed)
      fail(
        "fees",
        `${fee.path}.recipient`,
        "unknown-fee-recipient",
        appFees.length === 0 ? "no fees (the intent names no appFees)" : "an appFees recipient",
        fee.recipient,
      );
  }
  if (feeTotal > feeCap)
    fail("fees", "orderData.fees[*].amount", "fees-above-app-fees", `at most ${feeCap}`, feeTotal.toString());
  else if (!checks.some((check) => check.name === "fees"))
    pass("fees", "orderData.fees", feeTotal.toString());

  // The order must still be fillable.
  if (order.deadline.value <= nowSeconds)
    fail(
      "deadline",
      order.deadline.path,
      "order-expired",
      `after ${nowSeconds}`,
      order.deadline.value.toString(),
    );
  else pass("deadline", order.deadline.path, order.deadline.value.toString());
  return checks;
}

/** The smallest of the values, 0 for none. */
function least(values: bigint[]): bigint {
  return values.reduce((smallest, value) => (value < smallest ? value : smallest), values[0] ?? 0n);
}

/** A non-negative integer from an intent field (`txs[].value`, `appFees[].fee`), 0 when absent or not one. */
function integer(value: unknown): bigint {
  if (typeof value === "bigint") return value >= 0n ? value : 0n;
  if ((typeof value === "string" || typeof value === "number") && /^[0-9]+$/.test(String(value)))
    return BigInt(value);
  return 0n;
}

function readTerms(struct: OrderStruct): OrderTerms {
  if (struct.version === "v1") {
    const first = struct.inputs[0];
    return {
      input: first && {
        path: "orderData.inputs[0].payment",
        chainId: first.payment.chainId,
        currency: first.payment.currency,
        amount: first.payment.amount,
      },
      inputCount: struct.inputs.length,
      refunds: struct.inputs.flatMap((input, i) =>
        input.refunds.map((refund, j) => ({
          path: `orderData.inputs[${i}].refunds[${j}]`,
          chainId: refund.chainId,
          recipient: refund.recipient,
        })),
      ),
      outputChainId: struct.output.chainId,
      payments: struct.output.payments.map((payment, i) => ({
        path: `orderData.output.payments[${i}]`,
        ...payment,
      })),
      fees: struct.fees.map((fee, i) => ({ path: `orderData.fees[${i}]`, ...fee })),
      deadline: { path: "orderData.output.deadline", value: struct.output.deadline },
      solver: struct.solver.toLowerCase(),
    };
  }
  const { fill } = struct.output;
  return {
    input: { path: "orderData.input", ...struct.input },
    inputCount: 1,
    refunds: struct.refunds.map((refund, i) => ({
      path: `orderData.refunds[${i}]`,
      chainId: refund.chainId,
      recipient: refund.recipient,
    })),
    outputChainId: struct.output.chainId,
    payments: [
      {
        path: "orderData.output.fill",
        recipient: fill.recipient,
        currency: fill.currency,
        minimumAmount: fill.minimumAmount,
        expectedAmount: fill.minimumAmount,
      },
    ],
    fees: struct.fees.map((fee, i) => ({ path: `orderData.fees[${i}]`, ...fee })),
    deadline: { path: "orderData.deadline", value: struct.deadline },
    solver: struct.relayer.toLowerCase(),
  };
}
