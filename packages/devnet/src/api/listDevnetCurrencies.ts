import {
  type DevnetCurrency,
  devnetBitcoinCurrency,
  devnetExchangeCurrency,
} from "../quote/devnetCurrencies.js";
import type { DevnetContext } from "./types.js";

/** What the currency list reads of the devnet: its EVM currencies and whether Bitcoin and the exchange run. */
export type ListDevnetCurrenciesDeps = Pick<DevnetContext, "currencies" | "bitcoin" | "exchange">;

/**
 * Every currency the devnet quotes, as `POST /currencies/v1` and `/currencies/v2` list them: the EVM
 * chains' ETH and USDC, then BTC on Bitcoin (8253038, group `btc`) and USDC (Perp) on the exchange
 * (3586256, currency `0`, group `usdc`) when the devnet runs them.
 *
 * @param context - {@link ListDevnetCurrenciesDeps}
 * @returns The currencies, EVM first.
 * @example
 * listDevnetCurrencies(context).map((c) => c.symbol) // ["ETH", "USDC", "ETH", "USDC", "BTC", "USDC (Perp)"]
 */
export function listDevnetCurrencies(context: ListDevnetCurrenciesDeps): DevnetCurrency[] {
  return [
    ...context.currencies,
    ...(context.bitcoin ? [devnetBitcoinCurrency] : []),
    ...(context.exchange ? [devnetExchangeCurrency] : []),
  ];
}
