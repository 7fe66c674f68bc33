import type { Address } from "viem";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";

export type FindDevnetCurrencyParameters = {
  currencies: readonly DevnetCurrency[];
  chainId: number;
  /** The currency's address on that chain (any case; the zero address for the native currency). */
  address: Address;
};

/**
 * The devnet currency at an address of a chain, the address compared without regard to case (EVM
 * addresses are case-insensitive; the case only carries the EIP-55 checksum).
 *
 * @param parameters - {@link FindDevnetCurrencyParameters}
 * @returns The currency, or undefined for one the devnet does not list.
 * @example
 * findDevnetCurrency({ currencies, chainId: request.originChainId, address: request.originCurrency })?.symbol
 */
export function findDevnetCurrency({
  currencies,
  chainId,
  address,
}: FindDevnetCurrencyParameters): DevnetCurrency | undefined {
  return currencies.find(
    (currency) => currency.chainId === chainId && currency.address.toLowerCase() === address.toLowerCase(),
  );
}
