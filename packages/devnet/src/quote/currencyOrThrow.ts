import { isAddress, isAddressEqual } from "viem";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import { quoteBadRequest } from "./quoteBadRequest.js";

/**
 * A currency of the quote: an address (any case) of a devnet currency on the chain.
 *
 * @param currencies - The devnet's currencies. {@link DevnetCurrency}
 * @param chainId - The chain the currency is on.
 * @param address - The currency as asked for.
 * @param invalidCode - The error code of a malformed address (`INVALID_INPUT_CURRENCY` or
 * `INVALID_OUTPUT_CURRENCY`, as live).
 * @returns The currency.
 * @throws DevnetApiError 400 `invalidCode` for a malformed address, `UNSUPPORTED_CURRENCY` for an
 * unknown one.
 * @example
 * currencyOrThrow(currencies, 31337, usdcAddress, "INVALID_INPUT_CURRENCY").symbol // "USDC"
 */
export function currencyOrThrow(
  currencies: readonly DevnetCurrency[],
  chainId: number,
  address: string,
  invalidCode: string,
): DevnetCurrency {
  if (!isAddress(address, { strict: false }))
    throw quoteBadRequest(invalidCode, `Currency ${address} is not an address.`);
  const currency = currencies.find((c) => c.chainId === chainId && isAddressEqual(c.address, address));
  if (!currency)
    throw quoteBadRequest(
      "UNSUPPORTED_CURRENCY",
      `Currency ${address} is not supported on chain ${chainId}.`,
    );
  return currency;
}
