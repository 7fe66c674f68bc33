import type { Address } from "viem";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import { overviewCurrencyOf } from "./overviewCurrencyOf.js";
import type { ChainBalances } from "./readChainBalances.js";
import type { OverviewBalance } from "./types.js";

export type OverviewChainBalancesParameters = {
  /** One EVM chain as the overview read it. {@link ChainBalances} */
  read: ChainBalances;
  /** The devnet's currencies (symbols and decimals). */
  currencies: readonly DevnetCurrency[];
  /** The account or contract. */
  address: Address;
};

/**
 * An address's two balances on one EVM chain, as the overview lists them: the native currency, then
 * the chain's test token (0 for an address the read did not cover).
 *
 * @param parameters - {@link OverviewChainBalancesParameters}
 * @returns The native and the token balance. {@link OverviewBalance}
 * @example
 * evm.flatMap((read) => overviewChainBalances({ read, currencies, address }))
 */
export function overviewChainBalances({
  read: { chain, balances },
  currencies,
  address,
}: OverviewChainBalancesParameters): OverviewBalance[] {
  const found = balances.find((entry) => entry.address === address);
  const native = overviewCurrencyOf(currencies, chain.chainId, undefined);
  const token = overviewCurrencyOf(currencies, chain.chainId, chain.contracts.token);
  return [
    { chainId: chain.chainId, ...native, amount: (found?.native ?? 0n).toString() },
    { chainId: chain.chainId, ...token, amount: (found?.token ?? 0n).toString() },
  ];
}
