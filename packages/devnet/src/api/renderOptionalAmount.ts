import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import { renderAmount } from "./renderAmount.js";

/**
 * The interface's Amount object of a currency the devnet may not list (a request born from a
 * payment in a currency it does not know): null then, as the live service answers an unknown
 * currency.
 *
 * @param currency - The currency, or undefined when the devnet does not list it.
 * @param amount - Smallest units.
 * @param url - Base URL for the logo.
 * @returns The Amount object (`renderAmount`), or null.
 * @example
 * renderOptionalAmount(currencyIn, request.amountIn, url)?.amountUsd
 */
export function renderOptionalAmount(currency: DevnetCurrency | undefined, amount: bigint, url: string) {
  return currency ? renderAmount({ currency, amount, url }) : null;
}
