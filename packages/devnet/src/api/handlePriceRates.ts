import type { responseSchemas } from "attestkit/schemas";
import { formatUnits } from "viem";
import type * as z from "zod";
import { atMarketPrice } from "../prices/atMarketPrice.js";
import { linkedGroups } from "../prices/createPriceSource.js";
import { listDevnetCurrencies } from "./listDevnetCurrencies.js";
import type { DevnetContext } from "./types.js";

/** What `GET /prices/rates` reads of the devnet: its currencies and the market. */
export type PriceRatesDeps = Pick<DevnetContext, "currencies" | "bitcoin" | "exchange" | "prices">;

/**
 * Answers `GET /prices/rates` (the official SDK's API types) from the devnet's market: one rate per
 * currency group it quotes (ETH, USDC, and BTC when Bitcoin runs), keyed by the group's symbol, in
 * USD per whole unit at the price now (moved by `POST /devnet/prices` or the walk). A group priced as
 * another (WETH as ETH) has no rate of its own.
 *
 * @param context - {@link PriceRatesDeps}
 * @returns The rates by symbol.
 * @example
 * handlePriceRates(context) // { ETH: 3000, USDC: 1, BTC: 100000 }
 */
export function handlePriceRates(context: PriceRatesDeps) {
  const rates: Record<string, number> = {};
  const groups = new Set<string>();
  for (const currency of listDevnetCurrencies(context)) {
    if (groups.has(currency.groupID) || linkedGroups[currency.groupID] !== undefined) continue;
    groups.add(currency.groupID);
    rates[currency.symbol] = Number(formatUnits(atMarketPrice(context.prices, currency).priceUsdMicros, 6));
  }
  return rates satisfies z.input<typeof responseSchemas.priceRates>;
}
