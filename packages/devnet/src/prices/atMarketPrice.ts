import type { PricedCurrency, PriceSource } from "./createPriceSource.js";

/**
 * A currency at the market's price now: `prices.reprice`, or the currency as it is when the context
 * has no price source (unit tests: the fixed prices).
 *
 * @param prices - The devnet's price source, if any.
 * @param currency - A currency with its starting price.
 * @returns The currency at its price now.
 * @example
 * const currencyIn = atMarketPrice(context.prices, origin.currency)
 */
export function atMarketPrice<currency extends PricedCurrency>(
  prices: PriceSource | undefined,
  currency: currency,
): currency {
  return prices ? prices.reprice(currency) : currency;
}
