import type { QuoteRequest } from "attestkit/schemas";
import { convertAmount } from "./convertAmount.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";

/**
 * `details.fixedRateFee.usd` of a fixed-rate quote, micro-USD: what the fixed rate charges over the
 * market at the quote's prices. EXACT_INPUT: the market output less the fixed one (in the output
 * currency); otherwise the fixed input less the market one (in the input currency). Negative when the
 * fixed rate is the better one; 0 when the market cannot price the amount at all.
 *
 * @example
 * fixedRateFeeUsdMicros({ fixed, market: () => computeQuoteAmounts(atPrices), currencyIn, currencyOut, tradeType: "EXACT_INPUT" })
 */
export function fixedRateFeeUsdMicros({
  fixed,
  market,
  currencyIn,
  currencyOut,
  tradeType,
}: {
  fixed: { amountIn: bigint; amountOut: bigint };
  market: () => { amountIn: bigint; amountOut: bigint };
  currencyIn: DevnetCurrency;
  currencyOut: DevnetCurrency;
  tradeType: QuoteRequest["tradeType"];
}): bigint {
  let atMarket: { amountIn: bigint; amountOut: bigint };
  try {
    atMarket = market();
  } catch {
    return 0n;
  }
  const usd = { decimals: 6, priceUsdMicros: 1_000_000n };
  const toUsdMicros = (amount: bigint, currency: DevnetCurrency) => {
    const micros = convertAmount({
      amount: amount < 0n ? -amount : amount,
      from: currency,
      to: usd,
      rounding: "floor",
    });
    return amount < 0n ? -micros : micros;
  };
  return tradeType === "EXACT_INPUT"
    ? toUsdMicros(atMarket.amountOut - fixed.amountOut, currencyOut)
    : toUsdMicros(fixed.amountIn - atMarket.amountIn, currencyIn);
}
