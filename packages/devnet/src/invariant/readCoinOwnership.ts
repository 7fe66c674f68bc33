import type { Address } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import type { RequestStore } from "../state/createRequestStore.js";
import { compareChainCoins } from "./compareChainCoins.js";
import { readChainCoins } from "./readChainCoins.js";
import { tallyRequests } from "./tallyRequests.js";
import type { CoinOwnershipReport } from "./types.js";

/** What reading the invariant needs of the devnet, besides its chains and requests. */
export type CoinInvariantDeps = {
  /** The devnet's own accounts (the solver, the fee sponsor): the depository's liquidity and sponsored fees are theirs. */
  house: readonly Address[];
  /** Per chain, the first block whose logs the chain has (after a restart from a snapshot, the block after it; else 0). */
  historyFrom: ReadonlyMap<number, bigint>;
  /** Resolves once every deposit seen so far is processed (the watchers, the indexers, the solver; not the webhooks). */
  settle: () => Promise<void>;
  /** Senders of transactions already looked up, by lower-case hash (kept between reads). */
  senders: Map<string, Address>;
};

export type ReadCoinOwnershipParameters = CoinInvariantDeps & {
  chains: ReadonlyMap<number, { chainId: number; request: ChainRequest; contracts: DevnetContracts }>;
  store: Pick<RequestStore, "all">;
};

/**
 * Checks "no coin without an owner" on every EVM chain of the devnet, once it has settled (every
 * deposit seen so far processed): reads each chain's depository and deposit addresses at one block
 * (`readChainCoins`) and compares them with what the requests say (`tallyRequests`,
 * `compareChainCoins`; the rules are `CoinRule`'s). The Bitcoin chain and the exchange are not
 * checked: there the solver's own wallet and account receive the payments, its liquidity with them.
 *
 * @param parameters - {@link ReadCoinOwnershipParameters}
 * @returns The report: `ok`, the blocks read, the holdings and every difference. {@link CoinOwnershipReport}
 * @throws What the chains' reads throw.
 * @example
 * const { ok, differences } = await readCoinOwnership({ chains, store, house, historyFrom, settle, senders })
 */
export async function readCoinOwnership({
  chains,
  store,
  house,
  historyFrom,
  settle,
  senders,
}: ReadCoinOwnershipParameters): Promise<CoinOwnershipReport> {
  await settle();
  const requests = store.all();
  const report: CoinOwnershipReport = { ok: true, blocks: {}, holdings: [], differences: [] };
  for (const chain of chains.values()) {
    const from = historyFrom.get(chain.chainId) ?? 0n;
    const { coins, block } = await readChainCoins({ chain, house, historyFrom: from, requests, senders });
    const { holdings, differences } = compareChainCoins(
      coins,
      tallyRequests({ requests, chainId: chain.chainId, historyFrom: from }),
    );
    report.blocks[chain.chainId] = `${block}`;
    report.holdings.push(...holdings);
    report.differences.push(...differences);
  }
  report.ok = report.differences.length === 0;
  return report;
}
