import { type DevnetCurrency, wrappedNativeGroupID } from "../quote/devnetCurrencies.js";

/**
 * Whether a currency is on the devnet's default list, the curated list the live service answers
 * `POST /currencies/v1` with `defaultList: true` (what a token selector shows before any search) and
 * what `GET /chains` features: every chain's own currency and USDC, not the devnet's WETH (a wrap's
 * output, found by a full search). Pure.
 *
 * @param currency - A currency the devnet lists.
 * @returns True when it is on the default list.
 * @example
 * listDevnetCurrencies(context).filter(isDefaultListCurrency).map((c) => c.symbol) // ["ETH", "USDC", ...]
 */
export function isDefaultListCurrency(currency: Pick<DevnetCurrency, "groupID">): boolean {
  return currency.groupID !== wrappedNativeGroupID;
}
