import { bitcoin as bitcoinRoute, externalExchange } from "attestkit/chains";
import type { Address } from "viem";
import type { BitcoinChain } from "../bitcoin/createBitcoinChain.js";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import type { ExchangeLedger } from "../exchange/createExchangeLedger.js";
import type { RequestStore } from "../state/createRequestStore.js";
import { compareChainCoins } from "./compareChainCoins.js";
import { compareExternalCoins, type ExternalCoins } from "./compareExternalCoins.js";
import { readBitcoinCoins } from "./readBitcoinCoins.js";
import { readChainCoins } from "./readChainCoins.js";
import { readExchangeCoins } from "./readExchangeCoins.js";
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
  /** The Bitcoin chain, the solver's wallet there and the deposit addresses of quotes; unchecked when absent. */
  bitcoin?:
    | {
        chain: BitcoinChain;
        solverWallet: { p2wpkhAddress: string };
        depositAddresses: ReadonlyMap<string, unknown>;
      }
    | undefined;
  /** The exchange's ledger; unchecked when absent. */
  exchange?: { ledger: Pick<ExchangeLedger, "transfers" | "balances"> } | undefined;
};

/**
 * Checks "no coin without an owner" on every chain of the devnet, once it has settled (every deposit
 * seen so far processed): reads each EVM chain's depository and deposit addresses at one block
 * (`readChainCoins`), the solver's Bitcoin address with the deposit addresses (`readBitcoinCoins`) and
 * its exchange relayer account (`readExchangeCoins`), and compares them with what the requests say
 * (`tallyRequests`, `compareChainCoins`, `compareExternalCoins`; the rules are `CoinRule`'s).
 *
 * @param parameters - {@link ReadCoinOwnershipParameters}
 * @returns The report: `ok`, the blocks read, the holdings and every difference. {@link CoinOwnershipReport}
 * @throws What the chains' reads throw.
 * @example
 * const { ok, differences } = await readCoinOwnership({ chains, store, bitcoin, exchange, house, historyFrom, settle, senders })
 */
export async function readCoinOwnership({
  chains,
  store,
  bitcoin,
  exchange,
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
  const external: [string, ExternalCoins][] = [];
  if (bitcoin)
    external.push([
      `${bitcoin.chain.height()}`,
      readBitcoinCoins({
        chain: bitcoin.chain,
        chainId: bitcoinRoute.chainId,
        solverAddress: bitcoin.solverWallet.p2wpkhAddress,
        depositAddresses: bitcoin.depositAddresses.keys(),
      }),
    ]);
  if (exchange)
    external.push([
      `${exchange.ledger.transfers().at(-1)?.transferId ?? 0}`,
      readExchangeCoins({ ledger: exchange.ledger, chainId: externalExchange.chainId }),
    ]);
  for (const [block, coins] of external) {
    const tallies = tallyRequests({ requests, chainId: coins.chainId, historyFrom: 0n });
    const { holdings, differences } = compareExternalCoins(coins, tallies);
    report.blocks[coins.chainId] = block;
    report.holdings.push(...holdings);
    report.differences.push(...differences);
  }
  report.ok = report.differences.length === 0;
  return report;
}
