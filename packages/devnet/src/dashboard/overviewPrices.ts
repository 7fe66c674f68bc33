import type { PriceSource } from "../prices/createPriceSource.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { OverviewPrice } from "./types.js";

/**
 * The overview's prices: each currency's price now, from the market (the devnet's prices walk and
 * are moved by `POST /devnet/prices`), or its starting price without a market; and its price at the
 * devnet's start (the walk's start, which a restart with `--state` keeps), so a reader shows the
 * change since then, whenever it started reading.
 *
 * @param currencies - The currencies to price, in the order listed.
 * @param prices - The market, if the devnet has one.
 * @returns One price per currency, micro-USD per whole unit. {@link OverviewPrice}
 * @example
 * overviewPrices([...context.currencies, devnetBitcoinCurrency], context.prices)
 */
export function overviewPrices(
  currencies: readonly DevnetCurrency[],
  prices: PriceSource | undefined,
): OverviewPrice[] {
  return currencies.map((currency) => ({
    chainId: currency.chainId,
    address: currency.address,
    symbol: currency.symbol,
    name: currency.name,
    decimals: currency.decimals,
    priceUsdMicros: (prices?.priceOf(currency) ?? currency.priceUsdMicros).toString(),
    startUsdMicros: currency.priceUsdMicros.toString(),
  }));
}
