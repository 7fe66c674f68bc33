import type { Address } from "viem";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";

/**
 * Symbol and decimals of a chain's native currency (no address) or of a token, as the devnet lists
 * them; a currency it does not list reads `?` with 0 decimals, a native one it does not list `ETH`
 * with 18 (every devnet EVM chain's native currency).
 *
 * @param currencies - The devnet's currencies.
 * @param chainId - The chain.
 * @param token - The token's address (any case), or undefined for the native currency.
 * @returns `{symbol, decimals}`.
 * @example
 * overviewCurrencyOf(currencies, 31337, undefined) // { symbol: "ETH", decimals: 18 }
 */
export function overviewCurrencyOf(
  currencies: readonly DevnetCurrency[],
  chainId: number,
  token: Address | undefined,
): { symbol: string; decimals: number } {
  const found = currencies.find(
    (currency) =>
      currency.chainId === chainId &&
      (token === undefined ? currency.isNative : currency.address.toLowerCase() === token.toLowerCase()),
  );
  return found
    ? { symbol: found.symbol, decimals: found.decimals }
    : token
      ? { symbol: "?", decimals: 0 }
      : { symbol: "ETH", decimals: 18 };
}
