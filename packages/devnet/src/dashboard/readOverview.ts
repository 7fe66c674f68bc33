import type { Address } from "viem";
import {
  type DevnetCurrency,
  devnetBitcoinCurrency,
  devnetExchangeCurrency,
} from "../quote/devnetCurrencies.js";
import { overviewBitcoin } from "./overviewBitcoin.js";
import { overviewContracts } from "./overviewContracts.js";
import { overviewEvmAccounts } from "./overviewEvmAccounts.js";
import { overviewExchange } from "./overviewExchange.js";
import { overviewPrices } from "./overviewPrices.js";
import { type EvmBalanceCache, readChainBalances } from "./readChainBalances.js";
import type { DevnetOverview, OverviewChain, OverviewDeps } from "./types.js";

export type ReadOverviewParameters = {
  context: OverviewDeps;
  /** The clock (ms) of `readAt`. */
  now: () => number;
  /** The EVM balances kept between reads. {@link EvmBalanceCache} */
  cache: EvmBalanceCache;
  /** The funded EVM accounts whose balances are read on every EVM chain. */
  accounts: readonly Address[];
};

/**
 * Reads the overview once, in the order it lists things: the EVM chains (their balances through
 * the cache), then the Bitcoin chain and the exchange when the devnet runs them (read from memory),
 * then the contracts and the price of every currency.
 *
 * @param parameters - {@link ReadOverviewParameters}
 * @returns The overview. {@link DevnetOverview}
 * @example
 * const read = () => readOverview({ context, now: Date.now, cache, accounts })
 */
export async function readOverview({
  context,
  now,
  cache,
  accounts: evmAccounts,
}: ReadOverviewParameters): Promise<DevnetOverview> {
  const evm = await Promise.all(
    [...context.chains.values()].map((chain) => readChainBalances({ chain, cache, accounts: evmAccounts })),
  );
  const chains: OverviewChain[] = evm.map(({ chain, blockNumber }) => ({
    chainId: chain.chainId,
    name: chain.name,
    vmType: "evm",
    role: chain.role,
    url: chain.rpcUrl,
    height: Number(blockNumber),
    mining: context.blockTimeMs === null ? "instant" : `every ${context.blockTimeMs} ms`,
    pending: null,
  }));
  const accounts = overviewEvmAccounts(evm, context.currencies, context.solver.address);
  const currencies: DevnetCurrency[] = [...context.currencies];
  if (context.bitcoin) {
    const part = overviewBitcoin(context.bitcoin, context.url);
    chains.push(part.chain);
    accounts.push(...part.accounts);
    currencies.push(devnetBitcoinCurrency);
  }
  if (context.exchange) {
    const part = overviewExchange(context.exchange.ledger, context.url);
    chains.push(part.chain);
    accounts.push(...part.accounts);
    currencies.push(devnetExchangeCurrency);
  }
  return {
    readAt: now(),
    startedAt: context.prices?.settings.startMs ?? null,
    chains,
    accounts,
    contracts: overviewContracts(evm, context.currencies),
    prices: overviewPrices(currencies, context.prices),
  };
}
