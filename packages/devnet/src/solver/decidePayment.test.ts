import type { Address, Hex } from "viem";
import { describe, expect, test } from "vitest";
import { quotedRequest } from "../../../../test/support/devnetRequests.js";
import { bitcoinConfirmations } from "../../../attestkit/src/chains/bitcoin/bitcoinConfirmations.js";
import { bitcoin } from "../../../attestkit/src/chains/bitcoin/constants.js";
import { nativeCurrencyAddress } from "../constants.js";
import type { Deposit, DevnetRequest } from "../state/types.js";
import { decidePayment, derivedRequestId, type PaymentDecision, paymentRules } from "./decidePayment.js";
import { isOrphanRecord } from "./isOrphanRecord.js";

const id = `0x${"11".repeat(32)}` as Hex;
const orderId = `0x${"0d".repeat(32)}` as Hex;
const depositor = "0x000000000000000000000000000000000000dE90" as Address;
const refundTo = "0x000000000000000000000000000000000000Cafe" as Address;
const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Address;
const quotedAt = 1_000_000;

const chains = ["evm", "bitcoin", "exchange"] as const;
type Chain = (typeof chains)[number];

/**
 * Each chain's payment for the quote of `id`, and that quote: 100 in, 90 out, a ttl of a minute,
 * refunds to its refund address (quote-time rule applied). Bitcoin txids are written without `0x`.
 */
const fixtures: Record<Chain, { payment: Deposit; quote: Partial<DevnetRequest> }> = {
  evm: {
    payment: {
      chainId: 31337,
      txHash: `0x${"22".repeat(32)}`,
      logIndex: 3,
      blockNumber: 7n,
      from: depositor,
      currency: nativeCurrencyAddress,
      amount: 100n,
      id,
    },
    quote: {},
  },
  bitcoin: {
    payment: {
      chainId: bitcoin.chainId,
      txHash: "ab".repeat(32) as Hex,
      logIndex: 0,
      blockNumber: 0n,
      from: "bc1qk5tt0rflctm2wrt6ydhx7v6hymk2d5ueq30w2k" as Address,
      currency: bitcoin.nativeCurrency as Address,
      amount: 100n,
      id,
    },
    quote: {
      originChainId: bitcoin.chainId,
      user: "bc1qk5tt0rflctm2wrt6ydhx7v6hymk2d5ueq30w2k" as Address,
      refundTo: "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297" as Address,
      originCurrency: bitcoin.nativeCurrency as Address,
    },
  },
  exchange: {
    payment: {
      chainId: 3586256,
      txHash: `0x${"cd".repeat(32)}`,
      logIndex: 0,
      blockNumber: 12n,
      from: "1001" as Address,
      currency: "0" as Address,
      amount: 100n,
      id,
    },
    quote: {
      originChainId: 3586256,
      user: "1001" as Address,
      refundTo: "1002" as Address,
      originCurrency: "0" as Address,
    },
  },
};
const paymentOn = (chain: Chain, patch: Partial<Deposit> = {}): Deposit => ({
  ...fixtures[chain].payment,
  ...patch,
});
const quoteOn = (chain: Chain, patch: Partial<DevnetRequest> = {}): DevnetRequest =>
  quotedRequest({ ...fixtures[chain].quote, ...patch });
/** The zero id: a plain transfer's, which names no request. */
const zeroId = `0x${"00".repeat(32)}` as Hex;
/** The record of an orphan under `id` (a payment no quote had), refunded after the devnet's window. */
const orphanRecord: Partial<DevnetRequest> = {
  status: "pending",
  deposit: { ...fixtures.evm.payment, txHash: `0x${"55".repeat(32)}` },
  decision: { type: "refund", failReason: "ORPHANED_DEPOSIT_REFUND" },
};
/** A payment the request already took (the decision reads only that it holds one). */
const taken = paymentOn("evm", { txHash: `0x${"33".repeat(32)}`, logIndex: 0 });
const viaAddress = (depositAddressType: "open" | "strict"): Partial<DevnetRequest> => ({
  orderId,
  status: "depositing",
  depositAddress: {
    address: "0x00000000000000000000000000000000000dADd5",
    depositAddressType,
    depositor: fixtures.evm.payment.from,
    depositTxHash: `0x${"44".repeat(32)}`,
  },
});

type Given = { payment: Deposit; request: DevnetRequest | undefined };
/** A quote that set `latePaymentSlippageTolerance` (1 %). */
const latePricing = {
  tradeType: "EXACT_INPUT" as const,
  slippageBps: 50n,
  latePaymentSlippageBps: 100n,
  quotedPrices: { in: 3_000_000_000n, out: 1_000_000n },
};

/** The decision, or how to build it from the row's payment and request (derived ids, the original). */
type Expected = PaymentDecision | ((given: Given) => PaymentDecision);
const fill = (excess = 0n, requote?: bigint): PaymentDecision => ({
  type: "fill",
  requestId: id,
  excess,
  requote,
});
const refund = (
  failReason: "TTL_EXPIRED" | "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" | "INCORRECT_DEPOSIT_CURRENCY",
  reason?: string,
): Expected => ({
  type: "refund",
  requestId: id,
  failReason,
  details: reason === undefined ? undefined : { reason },
});
const doubleSpend =
  (to: "the request's refundTo" | "the payer"): Expected =>
  ({ payment, request }) => ({
    type: "orphan",
    requestId: derivedRequestId(payment),
    failReason: "DOUBLE_SPEND",
    refundTo: to === "the payer" ? payment.from : (request?.refundTo as Address),
    details: { reason: "the request id was already deposited", originalRequestId: id },
    original: { request: request as DevnetRequest, linkDuplicate: true },
  });

/**
 * THE table of payment decisions, every chain in one: each row is a case, the chains it holds for,
 * the payment (a patch of the chain's), the request its id names (a patch of the chain's quote; null:
 * none), the clock, and the decision, including where the money goes back. A case has one row per
 * chain where the chains differ.
 */
const table: [string, readonly Chain[], Partial<Deposit>, Partial<DevnetRequest> | null, number, Expected][] =
  [
    [
      "an id no quote knows: an orphan under the deposit's id, refunded to the depositor (formerly UNKNOWN; on Bitcoin and the exchange formerly left)",
      ["evm", "bitcoin", "exchange"],
      {},
      null,
      quotedAt,
      ({ payment }) => ({
        type: "orphan",
        requestId: id,
        failReason: "ORPHANED_DEPOSIT_REFUND",
        refundTo: payment.from,
        details: { reason: "no quote has this request id" },
      }),
    ],
    [
      "no id (a plain transfer, recorded under the zero id): an orphan under a derived id, refunded to the sender",
      ["evm", "bitcoin", "exchange"],
      { id: zeroId },
      null,
      quotedAt,
      ({ payment }) => ({
        type: "orphan",
        requestId: derivedRequestId(payment),
        failReason: "ORPHANED_DEPOSIT_REFUND",
        refundTo: payment.from,
        details: { reason: "the deposit names no request id" },
      }),
    ],
    [
      "the id of an orphan: an orphan of its own, refunded to its own payer (not to the first orphan's)",
      ["evm"],
      {},
      orphanRecord,
      quotedAt,
      ({ payment }) => ({
        type: "orphan",
        requestId: derivedRequestId(payment),
        failReason: "ORPHANED_DEPOSIT_REFUND",
        refundTo: depositor,
        details: { reason: "no quote has this request id" },
      }),
    ],
    [
      "the id of another chain's quote: an orphan under a derived id, refunded to the payer (that quote's refund address cannot take this chain's money)",
      ["bitcoin", "exchange"],
      {},
      { originChainId: 31337 },
      quotedAt,
      ({ payment }) => ({
        type: "orphan",
        requestId: derivedRequestId(payment),
        failReason: "ORPHANED_DEPOSIT_REFUND",
        refundTo: payment.from,
        details: { reason: "no quote has this request id" },
      }),
    ],
    [
      "a second payment for a filled request: DOUBLE_SPEND under a derived id, refunded to the original's refundTo (Bitcoin: in BTC; formerly left as it was)",
      ["evm", "bitcoin"],
      {},
      { status: "success", deposit: taken },
      quotedAt,
      doubleSpend("the request's refundTo"),
    ],
    [
      "a second transfer for a filled request: DOUBLE_SPEND under a derived id, sent back to the sending account (formerly kept without a refund)",
      ["exchange"],
      { from: "1003" as Address },
      { status: "success", deposit: taken },
      quotedAt,
      doubleSpend("the payer"),
    ],
    [
      "a second payment while the first is pending: DOUBLE_SPEND",
      ["evm", "bitcoin"],
      {},
      { status: "pending", deposit: taken },
      quotedAt,
      doubleSpend("the request's refundTo"),
    ],
    [
      "a second transfer while the first is pending: DOUBLE_SPEND, back to its sender",
      ["exchange"],
      {},
      { status: "pending", deposit: taken },
      quotedAt,
      doubleSpend("the payer"),
    ],
    [
      "a deposit on another chain than the origin: DEPOSIT_CHAIN_MISMATCH under a derived id (formerly UNKNOWN), refunded to the request's refundTo",
      ["evm"],
      { chainId: 31338 },
      {},
      quotedAt,
      ({ payment, request }) => ({
        type: "orphan",
        requestId: derivedRequestId(payment),
        failReason: "DEPOSIT_CHAIN_MISMATCH",
        refundTo,
        details: {
          reason: "deposit on chain 31338, the request's origin is chain 31337",
          originalRequestId: id,
        },
        original: { request: request as DevnetRequest, linkDuplicate: false },
      }),
    ],
    [
      "a deposit under the quote's order id (the deposit step, the order receiver) fills the request",
      ["evm"],
      { id: orderId },
      { orderId },
      quotedAt,
      fill(),
    ],
    [
      "a deposit under the order id after one under the request id: DOUBLE_SPEND, one request takes one deposit",
      ["evm"],
      { id: orderId },
      { orderId, status: "success", deposit: taken },
      quotedAt,
      doubleSpend("the request's refundTo"),
    ],
    ["one millisecond after the ttl: TTL_EXPIRED", chains, {}, {}, quotedAt + 60_001, refund("TTL_EXPIRED")],
    ["the ttl's last millisecond still fills", chains, {}, {}, quotedAt + 60_000, fill()],
    [
      "after the ttl with latePaymentSlippageTolerance: filled, held to that tolerance at fill time",
      chains,
      {},
      { pricing: latePricing },
      quotedAt + 60_001,
      fill(),
    ],
    [
      "a late payment short of the quote is still too low to fill",
      chains,
      { amount: 99n },
      { pricing: latePricing },
      quotedAt + 60_001,
      refund("DEPOSITED_AMOUNT_TOO_LOW_TO_FILL"),
    ],
    ["no ttl: never expires", chains, {}, { expiresAt: null }, Number.MAX_SAFE_INTEGER, fill()],
    [
      "the ttl is checked before the amount",
      chains,
      { amount: 1n },
      {},
      quotedAt + 60_001,
      refund("TTL_EXPIRED"),
    ],
    [
      "another currency: INCORRECT_DEPOSIT_CURRENCY (formerly too low to fill), with the reason in details",
      ["evm"],
      { currency: token, amount: 1_000n },
      {},
      quotedAt,
      refund("INCORRECT_DEPOSIT_CURRENCY", `deposited ${token}, the quote expects ${nativeCurrencyAddress}`),
    ],
    [
      "another asset: INCORRECT_DEPOSIT_CURRENCY, with the reason in details",
      ["exchange"],
      { currency: "1" as Address },
      {},
      quotedAt,
      refund("INCORRECT_DEPOSIT_CURRENCY", "deposited 1, the quote expects 0"),
    ],
    [
      "one less than quoted: too low to fill",
      chains,
      { amount: 99n },
      {},
      quotedAt,
      refund("DEPOSITED_AMOUNT_TOO_LOW_TO_FILL"),
    ],
    [
      "a zero deposit: too low to fill",
      chains,
      { amount: 0n },
      {},
      quotedAt,
      refund("DEPOSITED_AMOUNT_TOO_LOW_TO_FILL"),
    ],
    ["exactly as quoted: fill", chains, {}, {}, quotedAt, fill()],
    [
      "one more than quoted: fill, the excess refunded after",
      chains,
      { amount: 101n },
      {},
      quotedAt,
      fill(1n),
    ],
    [
      "at the high-value threshold (1 confirmation): fill",
      ["bitcoin"],
      { amount: 50_000_000n },
      { amountIn: 1_000_000n },
      quotedAt,
      fill(49_000_000n),
    ],
    [
      "one satoshi above the high-value threshold (2 confirmations): fill",
      ["bitcoin"],
      { amount: 50_000_001n },
      { amountIn: 1_000_000n },
      quotedAt,
      fill(49_000_001n),
    ],
    [
      "open deposit address, the sweep of a transfer (depositing): less than quoted is re-quoted, not refunded",
      ["evm"],
      { id: orderId, amount: 60n },
      viaAddress("open"),
      quotedAt,
      fill(0n, 60n),
    ],
    [
      "strict deposit address, under: refund",
      ["evm"],
      { id: orderId, amount: 99n },
      viaAddress("strict"),
      quotedAt,
      refund("DEPOSITED_AMOUNT_TOO_LOW_TO_FILL"),
    ],
    [
      "open deposit address: more than quoted is re-quoted whole, no excess refund",
      ["evm"],
      { id: orderId, amount: 150n },
      viaAddress("open"),
      quotedAt,
      ({ payment }) => fill(0n, payment.amount),
    ],
    ["strict deposit address, exact: fill", ["evm"], { id: orderId }, viaAddress("strict"), quotedAt, fill()],
    [
      "open deposit address: exactly as quoted fills as quoted",
      ["evm"],
      { id: orderId },
      viaAddress("open"),
      quotedAt,
      fill(),
    ],
    [
      "strict deposit address, over: fill as quoted, the excess refunded in a separate leg",
      ["evm"],
      { id: orderId, amount: 130n },
      viaAddress("strict"),
      quotedAt,
      fill(30n),
    ],
    [
      "open deposit address: another currency is still refunded (INCORRECT_DEPOSIT_CURRENCY)",
      ["evm"],
      { id: orderId, currency: token },
      viaAddress("open"),
      quotedAt,
      refund("INCORRECT_DEPOSIT_CURRENCY", `deposited ${token}, the quote expects ${nativeCurrencyAddress}`),
    ],
    [
      "open deposit address after the ttl: TTL_EXPIRED, no re-quote",
      ["evm"],
      { id: orderId, amount: 60n },
      viaAddress("open"),
      quotedAt + 60_001,
      refund("TTL_EXPIRED"),
    ],
    [
      "a second sweep of a deposit address after its request took a deposit: DOUBLE_SPEND",
      ["evm"],
      { id: orderId },
      { ...viaAddress("open"), status: "pending", deposit: taken },
      quotedAt,
      doubleSpend("the request's refundTo"),
    ],
  ];

/** The table, one case per chain: the payment and request built, the decision expected. */
const cases = table.flatMap(([name, on, paymentPatch, requestPatch, now, expected]) =>
  on.map((chain) => {
    const payment = paymentOn(chain, paymentPatch);
    const request = requestPatch === null ? undefined : quoteOn(chain, requestPatch);
    const decision = typeof expected === "function" ? expected({ payment, request }) : expected;
    return { name, chain, payment, request, now, decision };
  }),
);

describe("decidePayment", () => {
  test.each(cases)("$chain: $name", ({ chain, payment, request, now, decision }) => {
    expect(decidePayment({ payment, request, rules: paymentRules[chain], now })).toEqual(decision);
  });

  test("every decision and reason is a row", () => {
    const seen = new Set(
      cases.map(({ decision: d }) => `${d.type}:${"failReason" in d ? d.failReason : ""}`),
    );
    expect([...seen].sort()).toEqual(
      [
        "fill:",
        "orphan:DEPOSIT_CHAIN_MISMATCH",
        "orphan:DOUBLE_SPEND",
        "orphan:ORPHANED_DEPOSIT_REFUND",
        "refund:DEPOSITED_AMOUNT_TOO_LOW_TO_FILL",
        "refund:INCORRECT_DEPOSIT_CURRENCY",
        "refund:TTL_EXPIRED",
      ].sort(),
    );
  });

  test("a second payment for a taken request is refunded on every chain", () => {
    const doubleSpends = cases.filter(
      ({ request }) => request?.deposit !== undefined && !isOrphanRecord(request),
    );
    expect(new Set(doubleSpends.map(({ chain }) => chain))).toEqual(new Set(chains));
    for (const { decision } of doubleSpends)
      expect(decision).toMatchObject({ type: "orphan", failReason: "DOUBLE_SPEND" });
  });

  test("a derived id is one per deposit and never the original's", () => {
    const derived = derivedRequestId(paymentOn("evm"));
    expect(derived).not.toBe(id);
    expect(derivedRequestId(paymentOn("evm", { logIndex: 4 }))).not.toBe(derived);
    expect(derivedRequestId(paymentOn("evm", { txHash: `0x${"44".repeat(32)}` }))).not.toBe(derived);
    expect(derivedRequestId(paymentOn("evm"))).toBe(derived);
    // A Bitcoin txid (no 0x) is read as the same 32 bytes.
    expect(derivedRequestId(paymentOn("bitcoin"))).toBe(
      derivedRequestId(paymentOn("bitcoin", { txHash: `0x${"ab".repeat(32)}` })),
    );
  });

  test("Bitcoin payments wait for 1 confirmation, 2 above the high-value threshold, refunds too", () => {
    const confirmations = (amount: bigint) =>
      bitcoinConfirmations({ amount, highValueThreshold: 50_000_000n });
    expect([99n, 1_000_000n, 50_000_000n, 50_000_001n].map(confirmations)).toEqual([1, 1, 1, 2]);
  });

  test("refunds never go to the depositor of a quoted request on an EVM chain", () => {
    for (const { chain, payment, request, now } of cases.filter(({ chain }) => chain === "evm")) {
      const decision = decidePayment({ payment, request, rules: paymentRules[chain], now });
      const refundAddress = decision.type === "orphan" ? decision.refundTo : request?.refundTo;
      expect(refundAddress).toBe(request && !isOrphanRecord(request) ? refundTo : depositor);
    }
  });
});
