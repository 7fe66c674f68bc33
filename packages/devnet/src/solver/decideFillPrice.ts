import type { PriceMoveDetails, QuotePricing } from "../state/types.js";

/** What a fill at the price of fill time comes to. */
export type FillPriceDecision =
  /** Fill `amountOut` (the quoted output, or the market's within the tolerance). */
  | { type: "fill"; amountOut: bigint; details: PriceMoveDetails }
  /** The price moved beyond the tolerance: the deposit goes back, `failReason` `SLIPPAGE`. */
  | { type: "refund"; failReason: "SLIPPAGE"; details: PriceMoveDetails };

export type DecideFillPriceParameters = {
  /** What the user deposited (the quote's input). */
  amountIn: bigint;
  /** The output quoted. */
  quotedAmountOut: bigint;
  /** What the quote fixed of the price. {@link QuotePricing} */
  pricing: QuotePricing;
  /** The input's and the output's prices now, micro-USD per whole unit. */
  prices: { in: bigint; out: bigint };
  /** The fill comes after the order's deadline (a late payment): held to `latePaymentSlippageBps`. */
  late: boolean;
  /** Native value the destination calls take out of the output: a smaller output cannot be filled. */
  callValue?: bigint | undefined;
};

/**
 * Decides the output of a fill at the price of fill time, against the quote's tolerance: the
 * tolerance is `slippageBps`, or `latePaymentSlippageBps` for a fill after the order's deadline. The
 * rate (output per input) moved by `now / quoted` = `(in_now * out_quoted) / (in_quoted * out_now)`:
 *
 * | quote | the market's output | fill | refund `SLIPPAGE` |
 * |-------|---------------------|------|-------------------|
 * | `fixedRate` | — | the quoted output, whatever the market did | never |
 * | `EXACT_INPUT`, `EXPECTED_OUTPUT` | the quoted output times the move, rounded down | that output, when at least the quoted output less the tolerance (the order's `minimumAmount` when in time) | below it |
 * | `EXACT_OUTPUT` | — | the quoted output, exactly: the solver absorbs what it costs more, up to the tolerance of the input | when it costs more than the input plus the tolerance |
 *
 * Unmoved prices fill the quoted output exactly (the move is 1). A better price fills more
 * (`EXACT_INPUT`, `EXPECTED_OUTPUT`) or costs the solver less (`EXACT_OUTPUT`). Each fill of an
 * `EXACT_INPUT` or `EXPECTED_OUTPUT` quote in time is therefore at least the order's
 * `output.payments[0].minimumAmount` plus the calls' value: the signed order still holds. A late fill is
 * held to the late tolerance from the quoted output instead (the order's deadline has passed).
 *
 * @param parameters - {@link DecideFillPriceParameters}
 * @returns The decision. {@link FillPriceDecision}
 * @example
 * decideFillPrice({ amountIn, quotedAmountOut: 1000n, pricing, prices: { in: 2_991_000_000n, out: 1_000_000n }, late: false })
 * // ETH 0.3 % down, 0.5 % allowed: { type: "fill", amountOut: 997n, ... }
 */
export function decideFillPrice({
  amountIn,
  quotedAmountOut,
  pricing,
  prices,
  late,
  callValue = 0n,
}: DecideFillPriceParameters): FillPriceDecision {
  const toleranceBps =
    late && pricing.latePaymentSlippageBps !== undefined
      ? pricing.latePaymentSlippageBps
      : pricing.slippageBps;
  // The rate's move as a fraction: what one unit of input buys now against at quote time.
  const numerator = prices.in * pricing.quotedPrices.out;
  const denominator = pricing.quotedPrices.in * prices.out;
  const marketOut = (quotedAmountOut * numerator) / denominator;
  const movedBps = ((numerator - denominator) * 10_000n) / denominator;
  const details = (amountOut: bigint, minimumAmountOut: bigint, extra: Partial<PriceMoveDetails> = {}) => ({
    quotedAmountOut: quotedAmountOut.toString(),
    amountOut: amountOut.toString(),
    minimumAmountOut: minimumAmountOut.toString(),
    movedBps: movedBps.toString(),
    toleranceBps: toleranceBps.toString(),
    ...(late ? { late: true } : {}),
    ...extra,
  });

  if (pricing.fixedRate === true)
    return {
      type: "fill",
      amountOut: quotedAmountOut,
      details: details(quotedAmountOut, quotedAmountOut, { fixedRate: true }),
    };

  if (pricing.tradeType === "EXACT_OUTPUT") {
    // What the quoted output costs now, in the input: the input scaled back by the move, rounded up.
    const costAmountIn = (amountIn * denominator + numerator - 1n) / numerator;
    const maximumIn = (amountIn * (10_000n + toleranceBps)) / 10_000n;
    const recorded = details(quotedAmountOut, quotedAmountOut, { costAmountIn: costAmountIn.toString() });
    return costAmountIn <= maximumIn
      ? { type: "fill", amountOut: quotedAmountOut, details: recorded }
      : { type: "refund", failReason: "SLIPPAGE", details: recorded };
  }

  const minimum = (quotedAmountOut * (10_000n - toleranceBps)) / 10_000n;
  const minimumAmountOut = minimum > callValue ? minimum : callValue;
  return marketOut >= minimumAmountOut
    ? { type: "fill", amountOut: marketOut, details: details(marketOut, minimumAmountOut) }
    : { type: "refund", failReason: "SLIPPAGE", details: details(marketOut, minimumAmountOut) };
}
