import type { Address, Hex } from "viem";
import { describe, expect, test } from "vitest";
import { nativeCurrencyAddress } from "../constants.js";
import { createDevnetRequest } from "../state/createDevnetRequest.js";
import type { Deposit, DevnetRequest } from "../state/types.js";
import { type DepositDecision, decideDeposit, derivedRequestId } from "./decideDeposit.js";
import { decideFill, type FillDecision } from "./decideFill.js";
import { planRefund, type RefundPlan } from "./planRefund.js";

const id = `0x${"11".repeat(32)}` as Hex;
const orderId = `0x${"0d".repeat(32)}` as Hex;
const depositor = "0x000000000000000000000000000000000000dE90" as Address;
const user = "0x000000000000000000000000000000000000a5E1" as Address;
const recipient = "0x000000000000000000000000000000000000bEEF" as Address;
const refundTo = "0x000000000000000000000000000000000000Cafe" as Address;
const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Address;
const quotedAt = 1_000_000;

/** A quoted request: 100 of the native currency in, 90 out, refunds to `refundTo` (quote-time rule applied). */
const quoted = (patch: Partial<DevnetRequest> = {}): DevnetRequest => ({
  ...createDevnetRequest({
    requestId: id,
    status: "waiting",
    apiKey: "key",
    referrer: "app",
    originChainId: 31337,
    destinationChainId: 31338,
    user,
    recipient,
    refundTo,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amountIn: 100n,
    amountOut: 90n,
    createdAt: quotedAt,
    expiresAt: quotedAt + 60_000,
  }),
  ...patch,
});
const deposit = (patch: Partial<Deposit> = {}): Deposit => ({
  chainId: 31337,
  txHash: `0x${"22".repeat(32)}`,
  logIndex: 3,
  blockNumber: 7n,
  from: depositor,
  currency: nativeCurrencyAddress,
  amount: 100n,
  id,
  ...patch,
});
const derived = derivedRequestId(deposit());
const viaAddress = (depositAddressType: "open" | "strict", patch: Partial<DevnetRequest> = {}) =>
  quoted({
    orderId,
    status: "depositing",
    depositAddress: {
      address: "0x00000000000000000000000000000000000dADd5",
      depositAddressType,
      depositor: user,
      depositTxHash: `0x${"44".repeat(32)}`,
    },
    ...patch,
  });

/**
 * THE table of deposit decisions: each row is a deposit, the request its id names (if any), the
 * clock, and the decision, including where the money goes back.
 */
const table: [string, Deposit, DevnetRequest | undefined, number, DepositDecision][] = [
  [
    "an id no quote knows: a request of its own under the deposit's id, refunded to the depositor",
    deposit(),
    undefined,
    quotedAt,
    {
      type: "orphan",
      requestId: id,
      failReason: "UNKNOWN",
      refundTo: depositor,
      details: { reason: "no quote has this request id" },
    },
  ],
  [
    "a second deposit for a filled request: DOUBLE_SPEND under a derived id, refunded to the original's refundTo",
    deposit(),
    quoted({ status: "success", deposit: deposit({ txHash: `0x${"33".repeat(32)}` }) }),
    quotedAt,
    {
      type: "orphan",
      requestId: derived,
      failReason: "DOUBLE_SPEND",
      refundTo,
      details: { reason: "the request id was already deposited", originalRequestId: id },
      original: {
        request: quoted({ status: "success", deposit: deposit({ txHash: `0x${"33".repeat(32)}` }) }),
        linkDuplicate: true,
      },
    },
  ],
  [
    "a second deposit while the first is pending: DOUBLE_SPEND",
    deposit(),
    quoted({ status: "pending", deposit: deposit({ logIndex: 0 }) }),
    quotedAt,
    {
      type: "orphan",
      requestId: derived,
      failReason: "DOUBLE_SPEND",
      refundTo,
      details: { reason: "the request id was already deposited", originalRequestId: id },
      original: {
        request: quoted({ status: "pending", deposit: deposit({ logIndex: 0 }) }),
        linkDuplicate: true,
      },
    },
  ],
  [
    "a deposit on another chain than the origin: UNKNOWN under a derived id, refunded to the request's refundTo",
    deposit({ chainId: 31338 }),
    quoted(),
    quotedAt,
    {
      type: "orphan",
      requestId: derivedRequestId(deposit({ chainId: 31338 })),
      failReason: "UNKNOWN",
      refundTo,
      details: {
        reason: "deposit on chain 31338, the request's origin is chain 31337",
        originalRequestId: id,
      },
      original: { request: quoted(), linkDuplicate: false },
    },
  ],
  [
    "a deposit under the quote's order id (the deposit step, the order receiver) fills the request",
    deposit({ id: orderId }),
    quoted({ orderId }),
    quotedAt,
    { type: "fill", requestId: id, excess: 0n },
  ],
  [
    "a deposit under the order id after one under the request id: DOUBLE_SPEND, one request takes one deposit",
    deposit({ id: orderId }),
    quoted({ orderId, status: "success", deposit: deposit({ txHash: `0x${"33".repeat(32)}` }) }),
    quotedAt,
    {
      type: "orphan",
      requestId: derivedRequestId(deposit({ id: orderId })),
      failReason: "DOUBLE_SPEND",
      refundTo,
      details: { reason: "the request id was already deposited", originalRequestId: id },
      original: {
        request: quoted({ orderId, status: "success", deposit: deposit({ txHash: `0x${"33".repeat(32)}` }) }),
        linkDuplicate: true,
      },
    },
  ],
  [
    "one millisecond after the ttl: TTL_EXPIRED",
    deposit(),
    quoted(),
    quotedAt + 60_001,
    { type: "refund", requestId: id, failReason: "TTL_EXPIRED" },
  ],
  [
    "the ttl's last millisecond still fills",
    deposit(),
    quoted(),
    quotedAt + 60_000,
    { type: "fill", requestId: id, excess: 0n },
  ],
  [
    "no ttl: never expires",
    deposit(),
    quoted({ expiresAt: null }),
    Number.MAX_SAFE_INTEGER,
    { type: "fill", requestId: id, excess: 0n },
  ],
  [
    "the ttl is checked before the amount",
    deposit({ amount: 1n }),
    quoted(),
    quotedAt + 60_001,
    { type: "refund", requestId: id, failReason: "TTL_EXPIRED" },
  ],
  [
    "another currency: too low to fill, with the reason in details",
    deposit({ currency: token, amount: 1_000n }),
    quoted(),
    quotedAt,
    {
      type: "refund",
      requestId: id,
      failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL",
      details: { reason: `deposited ${token}, the quote expects ${nativeCurrencyAddress}` },
    },
  ],
  [
    "one less than quoted: too low to fill",
    deposit({ amount: 99n }),
    quoted(),
    quotedAt,
    { type: "refund", requestId: id, failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" },
  ],
  [
    "a zero deposit: too low to fill",
    deposit({ amount: 0n }),
    quoted(),
    quotedAt,
    { type: "refund", requestId: id, failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" },
  ],
  ["exactly as quoted: fill", deposit(), quoted(), quotedAt, { type: "fill", requestId: id, excess: 0n }],
  [
    "one more than quoted: fill, the excess refunded after",
    deposit({ amount: 101n }),
    quoted(),
    quotedAt,
    { type: "fill", requestId: id, excess: 1n },
  ],
  [
    "open deposit address, the sweep of a transfer (depositing): less than quoted is re-quoted, not refunded",
    deposit({ id: orderId, amount: 60n }),
    viaAddress("open"),
    quotedAt,
    { type: "fill", requestId: id, excess: 0n, requote: 60n },
  ],
  [
    "open deposit address: more than quoted is re-quoted whole, no excess refund",
    deposit({ id: orderId, amount: 150n }),
    viaAddress("open"),
    quotedAt,
    { type: "fill", requestId: id, excess: 0n, requote: 150n },
  ],
  [
    "open deposit address: exactly as quoted fills as quoted",
    deposit({ id: orderId }),
    viaAddress("open"),
    quotedAt,
    { type: "fill", requestId: id, excess: 0n },
  ],
  [
    "open deposit address: another currency is still refunded",
    deposit({ id: orderId, currency: token }),
    viaAddress("open"),
    quotedAt,
    {
      type: "refund",
      requestId: id,
      failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL",
      details: { reason: `deposited ${token}, the quote expects ${nativeCurrencyAddress}` },
    },
  ],
  [
    "open deposit address after the ttl: TTL_EXPIRED, no re-quote",
    deposit({ id: orderId, amount: 60n }),
    viaAddress("open"),
    quotedAt + 60_001,
    { type: "refund", requestId: id, failReason: "TTL_EXPIRED" },
  ],
  [
    "strict deposit address, under: refund",
    deposit({ id: orderId, amount: 99n }),
    viaAddress("strict"),
    quotedAt,
    { type: "refund", requestId: id, failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" },
  ],
  [
    "strict deposit address, exact: fill",
    deposit({ id: orderId }),
    viaAddress("strict"),
    quotedAt,
    { type: "fill", requestId: id, excess: 0n },
  ],
  [
    "strict deposit address, over: fill as quoted, the excess refunded in a separate leg",
    deposit({ id: orderId, amount: 130n }),
    viaAddress("strict"),
    quotedAt,
    { type: "fill", requestId: id, excess: 30n },
  ],
  [
    "a second sweep of a deposit address after its request took a deposit: DOUBLE_SPEND",
    deposit({ id: orderId }),
    viaAddress("open", { status: "pending", deposit: deposit({ id: orderId, logIndex: 0 }) }),
    quotedAt,
    {
      type: "orphan",
      requestId: derivedRequestId(deposit({ id: orderId })),
      failReason: "DOUBLE_SPEND",
      refundTo,
      details: { reason: "the request id was already deposited", originalRequestId: id },
      original: {
        request: viaAddress("open", { status: "pending", deposit: deposit({ id: orderId, logIndex: 0 }) }),
        linkDuplicate: true,
      },
    },
  ],
];

describe("decideDeposit", () => {
  test.each(table)("%s", (_, given, request, now, decision) => {
    expect(decideDeposit({ deposit: given, request, now })).toEqual(decision);
  });

  test("every decision and reason is a row", () => {
    const seen = new Set(table.map(([, , , , d]) => `${d.type}:${"failReason" in d ? d.failReason : ""}`));
    expect([...seen].sort()).toEqual(
      [
        "fill:",
        "orphan:DOUBLE_SPEND",
        "orphan:UNKNOWN",
        "refund:DEPOSITED_AMOUNT_TOO_LOW_TO_FILL",
        "refund:TTL_EXPIRED",
      ].sort(),
    );
  });

  test("a derived id is one per deposit and never the original's", () => {
    expect(derived).not.toBe(id);
    expect(derivedRequestId(deposit({ logIndex: 4 }))).not.toBe(derived);
    expect(derivedRequestId(deposit({ txHash: `0x${"44".repeat(32)}` }))).not.toBe(derived);
    expect(derivedRequestId(deposit())).toBe(derived);
  });
});

describe("decideFill", () => {
  const revert = { index: 0, to: recipient, message: "execution reverted" };
  const rows: [string, Parameters<typeof decideFill>[0], FillDecision][] = [
    [
      "enough liquidity, no revert, in time: send",
      { request: quoted(), liquidity: 90n, simulation: undefined, now: quotedAt },
      { type: "send" },
    ],
    [
      "one less than the output: SOLVER_CAPACITY_EXCEEDED",
      { request: quoted(), liquidity: 89n, simulation: undefined, now: quotedAt },
      { type: "fail", failReason: "SOLVER_CAPACITY_EXCEEDED" },
    ],
    [
      "liquidity is checked before the simulation",
      { request: quoted(), liquidity: 0n, simulation: { revert }, now: quotedAt },
      { type: "fail", failReason: "SOLVER_CAPACITY_EXCEEDED" },
    ],
    [
      "a destination call reverts in simulation: UNKNOWN, the revert kept beside the existing details",
      { request: quoted({ details: { note: 1 } }), liquidity: 90n, simulation: { revert }, now: quotedAt },
      { type: "fail", failReason: "UNKNOWN", details: { note: 1, revert } },
    ],
    [
      "with useFallbacks a reverting call takes the fallback route, the revert kept",
      {
        request: quoted({ useFallbacks: true, details: { note: 1 } }),
        liquidity: 90n,
        simulation: { revert },
        now: quotedAt,
      },
      { type: "fallback", details: { note: 1, revert } },
    ],
    [
      "useFallbacks does not cover missing liquidity",
      { request: quoted({ useFallbacks: true }), liquidity: 89n, simulation: { revert }, now: quotedAt },
      { type: "fail", failReason: "SOLVER_CAPACITY_EXCEEDED" },
    ],
    [
      "the ttl passed while the fill was prepared: TTL_EXPIRED",
      { request: quoted(), liquidity: 90n, simulation: undefined, now: quotedAt + 60_001 },
      { type: "refund", failReason: "TTL_EXPIRED" },
    ],
  ];
  test.each(rows)("%s", (_, parameters, decision) => {
    expect(decideFill(parameters)).toEqual(decision);
  });
});

describe("planRefund", () => {
  const rows: [string, Pick<DevnetRequest, "deposit" | "refundTo">, RefundPlan][] = [
    [
      "the whole deposit, on its chain and in its currency, to the request's refundTo",
      { deposit: deposit({ currency: token, amount: 7n }), refundTo },
      { type: "send", chainId: 31337, currency: token, to: refundTo, amount: 7n },
    ],
    [
      "a zero deposit cannot be refunded",
      { deposit: deposit({ amount: 0n }), refundTo },
      { type: "impossible", refundFailReason: "AMOUNT_TOO_LOW_TO_REFUND" },
    ],
    [
      "nor can a request without a deposit",
      { deposit: undefined, refundTo },
      { type: "impossible", refundFailReason: "AMOUNT_TOO_LOW_TO_REFUND" },
    ],
  ];
  test.each(rows)("%s", (_, request, plan) => {
    expect(planRefund(request)).toEqual(plan);
  });

  test("refunds never go to the depositor of a quoted request", () => {
    for (const [, given, request, now] of table) {
      const decision = decideDeposit({ deposit: given, request, now });
      const refundAddress = decision.type === "orphan" ? decision.refundTo : request?.refundTo;
      expect(refundAddress).toBe(request ? refundTo : depositor);
    }
  });
});
