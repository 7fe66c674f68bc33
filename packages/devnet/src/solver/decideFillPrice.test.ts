import { describe, expect, test } from "vitest";
import type { QuotePricing } from "../state/types.js";
import {
  type DecideFillPriceParameters,
  decideFillPrice,
  type FillPriceDecision,
} from "./decideFillPrice.js";

// A USDC -> ETH swap quoted at USDC $1 and ETH $3,000: 1,000,000 in, 10,000 out, 0.5 % tolerance.
const usdc = 1_000_000n;
const eth = 3_000_000_000n;
const pricing = (patch: Partial<QuotePricing> = {}): QuotePricing => ({
  tradeType: "EXACT_INPUT",
  slippageBps: 50n,
  quotedPrices: { in: usdc, out: eth },
  ...patch,
});
const at = (ethBps: number, usdcBps = 0) => ({
  in: (usdc * BigInt(10_000 + usdcBps)) / 10_000n,
  out: (eth * BigInt(10_000 + ethBps)) / 10_000n,
});
const given = (patch: Partial<DecideFillPriceParameters> = {}): DecideFillPriceParameters => ({
  amountIn: 1_000_000n,
  quotedAmountOut: 10_000n,
  pricing: pricing(),
  prices: at(0),
  late: false,
  ...patch,
});
const fill = (amountOut: bigint, details: Record<string, unknown>): FillPriceDecision => ({
  type: "fill",
  amountOut,
  details: { quotedAmountOut: "10000", toleranceBps: "50", ...details } as never,
});
const slippage = (details: Record<string, unknown>): FillPriceDecision => ({
  type: "refund",
  failReason: "SLIPPAGE",
  details: { quotedAmountOut: "10000", toleranceBps: "50", ...details } as never,
});

/**
 * THE table of fills at the price of fill time: the quote (trade type, tolerance, late tolerance,
 * fixed rate), the prices now, and what is filled or why the deposit goes back.
 */
const rows: [string, DecideFillPriceParameters, FillPriceDecision][] = [
  [
    "default: unmoved prices fill the quoted output exactly",
    given(),
    fill(10_000n, { amountOut: "10000", minimumAmountOut: "9950", movedBps: "0" }),
  ],
  [
    "ETH 0.3 % up: the USDC buys less ETH, within 0.5 %: filled at the lower amount",
    given({ prices: at(30) }),
    fill(9_970n, { amountOut: "9970", minimumAmountOut: "9950", movedBps: "-29" }),
  ],
  [
    "ETH 1 % up: beyond 0.5 %: refunded SLIPPAGE, the market's output recorded",
    given({ prices: at(100) }),
    slippage({ amountOut: "9900", minimumAmountOut: "9950", movedBps: "-99" }),
  ],
  [
    "the rate 0.5 % down to the unit: the minimum itself fills (the order's minimumAmount)",
    given({ prices: at(0, -50) }),
    fill(9_950n, { amountOut: "9950", minimumAmountOut: "9950", movedBps: "-50" }),
  ],
  [
    "one unit under the minimum: SLIPPAGE",
    given({ prices: { in: 994_999n, out: eth } }),
    slippage({ amountOut: "9949", minimumAmountOut: "9950", movedBps: "-50" }),
  ],
  [
    "ETH 1 % down: the better price fills more",
    given({ prices: at(-100) }),
    fill(10_101n, { amountOut: "10101", minimumAmountOut: "9950", movedBps: "101" }),
  ],
  [
    "slippageTolerance 0: the least adverse move is SLIPPAGE",
    given({ pricing: pricing({ slippageBps: 0n }), prices: at(1) }),
    slippage({ amountOut: "9999", minimumAmountOut: "10000", movedBps: "0", toleranceBps: "0" }),
  ],
  [
    "EXPECTED_OUTPUT: like EXACT_INPUT, the amount less the tolerance guaranteed",
    given({ pricing: pricing({ tradeType: "EXPECTED_OUTPUT" }), prices: at(30) }),
    fill(9_970n, { amountOut: "9970", minimumAmountOut: "9950", movedBps: "-29" }),
  ],
  [
    "EXACT_OUTPUT, unmoved: the exact output, at the input paid",
    given({ pricing: pricing({ tradeType: "EXACT_OUTPUT" }) }),
    fill(10_000n, { amountOut: "10000", minimumAmountOut: "10000", movedBps: "0", costAmountIn: "1000000" }),
  ],
  [
    "EXACT_OUTPUT, ETH 0.3 % up: still the exact output; the solver absorbs 0.3 % of the input",
    given({ pricing: pricing({ tradeType: "EXACT_OUTPUT" }), prices: at(30) }),
    fill(10_000n, {
      amountOut: "10000",
      minimumAmountOut: "10000",
      movedBps: "-29",
      costAmountIn: "1003000",
    }),
  ],
  [
    "EXACT_OUTPUT, ETH 1 % up: costs more than the input plus 0.5 %: SLIPPAGE",
    given({ pricing: pricing({ tradeType: "EXACT_OUTPUT" }), prices: at(100) }),
    slippage({ amountOut: "10000", minimumAmountOut: "10000", movedBps: "-99", costAmountIn: "1010000" }),
  ],
  [
    "late, with latePaymentSlippageTolerance 2 %: ETH 1 % up fills",
    given({ pricing: pricing({ latePaymentSlippageBps: 200n }), prices: at(100), late: true }),
    fill(9_900n, {
      amountOut: "9900",
      minimumAmountOut: "9800",
      movedBps: "-99",
      toleranceBps: "200",
      late: true,
    }),
  ],
  [
    "late, latePaymentSlippageTolerance 0: the least adverse move is SLIPPAGE",
    given({ pricing: pricing({ latePaymentSlippageBps: 0n }), prices: at(1), late: true }),
    slippage({ amountOut: "9999", minimumAmountOut: "10000", movedBps: "0", toleranceBps: "0", late: true }),
  ],
  [
    "in time, the late tolerance does not apply",
    given({ pricing: pricing({ latePaymentSlippageBps: 200n }), prices: at(100) }),
    slippage({ amountOut: "9900", minimumAmountOut: "9950", movedBps: "-99" }),
  ],
  [
    "fixedRate: the quoted output whatever the market did",
    given({ pricing: pricing({ fixedRate: true, slippageBps: 0n }), prices: at(500) }),
    fill(10_000n, {
      amountOut: "10000",
      minimumAmountOut: "10000",
      movedBps: "-476",
      toleranceBps: "0",
      fixedRate: true,
    }),
  ],
  [
    "native value of the destination calls: an output that cannot carry it is SLIPPAGE",
    given({ pricing: pricing({ slippageBps: 5_000n }), prices: at(100), callValue: 9_950n }),
    slippage({ amountOut: "9900", minimumAmountOut: "9950", movedBps: "-99", toleranceBps: "5000" }),
  ],
];

describe("decideFillPrice", () => {
  test.each(rows)("%s", (_, parameters, decision) => {
    expect(decideFillPrice(parameters)).toEqual(decision);
  });

  test("a fill in time never goes below the order's minimumAmount (the quote's formula)", () => {
    for (const slippageBps of [0n, 1n, 50n, 333n, 10_000n])
      for (let bps = -300; bps <= 300; bps += 7) {
        const quotedAmountOut = 123_456_789n;
        const orderMinimum = (quotedAmountOut * (10_000n - slippageBps)) / 10_000n;
        const decision = decideFillPrice(
          given({ quotedAmountOut, pricing: pricing({ slippageBps }), prices: at(bps) }),
        );
        if (decision.type === "fill") expect(decision.amountOut).toBeGreaterThanOrEqual(orderMinimum);
        else expect(BigInt(decision.details.amountOut)).toBeLessThan(orderMinimum);
      }
  });
});
