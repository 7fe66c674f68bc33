import type { Address } from "viem";
import type { ApiChain } from "../api/types.js";
import { type ReadEvmBalancesReturnType, readEvmBalances } from "./readEvmBalances.js";

/** The EVM balances read so far, by chain id: the block they were read at, and the read (pending or done). */
export type EvmBalanceCache = Map<
  number,
  { blockNumber: bigint; balances: Promise<ReadEvmBalancesReturnType> }
>;

/** One EVM chain as the overview read it. */
export type ChainBalances = {
  chain: ApiChain;
  /** The newest block when it was read. */
  blockNumber: bigint;
  /** The balances of the addresses asked for, at `blockNumber`. */
  balances: ReadEvmBalancesReturnType;
};

export type ReadChainBalancesParameters = {
  chain: ApiChain;
  /** The reads kept from earlier calls; a new read replaces its chain's entry. */
  cache: EvmBalanceCache;
  /** The accounts whose balances are read (the chain's contracts are read with them). */
  accounts: readonly Address[];
};

/**
 * Reads an EVM chain's newest block and the native and token balances of the accounts and of the
 * chain's contracts at it, read from the chain only when the chain has a newer block than the kept
 * read (so polling the overview costs one `eth_blockNumber` per chain between blocks). Concurrent
 * callers share one read; a failed read is dropped, so the next call asks the chain again.
 *
 * @param parameters - {@link ReadChainBalancesParameters}
 * @returns The chain, its block and the balances. {@link ChainBalances}
 * @example
 * const evm = await Promise.all([...context.chains.values()].map((chain) => readChainBalances({ chain, cache, accounts })))
 */
export async function readChainBalances({
  chain,
  cache,
  accounts,
}: ReadChainBalancesParameters): Promise<ChainBalances> {
  const blockNumber = BigInt((await chain.request({ method: "eth_blockNumber" })) as string);
  let entry = cache.get(chain.chainId);
  if (entry?.blockNumber !== blockNumber) {
    const contracts = Object.values(chain.contracts).filter((address) => address !== undefined);
    entry = {
      blockNumber,
      balances: readEvmBalances({
        request: chain.request,
        blockNumber,
        token: chain.contracts.token,
        addresses: [...accounts, ...contracts],
      }),
    };
    cache.set(chain.chainId, entry);
    const kept = entry;
    kept.balances.catch(() => {
      if (cache.get(chain.chainId) === kept) cache.delete(chain.chainId);
    });
  }
  return { chain, blockNumber, balances: await entry.balances };
}
