import type { Address } from "viem";
import type { ApiChain } from "../api/types.js";
import type { DevnetChain } from "../chains/createDevnetChains.js";
import type { TransactionSender } from "../chains/createTransactionSender.js";
import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import { devnetChainSlugs } from "../constants.js";
import { createDepositAddressWatcher } from "../solver/createDepositAddressWatcher.js";
import { createDepositIndexer } from "../solver/createDepositIndexer.js";
import type { Solver } from "../solver/createSolver.js";
import type { DevnetResources } from "./stopDevnet.js";

export type StartChainWatchersParameters = {
  /** The EVM chains, origin first. */
  chains: readonly DevnetChain[];
  /** The solver's sender per chain, in the order of `chains` (it sweeps deposit addresses). */
  senders: readonly TransactionSender[];
  /** The contracts per chain, in the order of `chains`. */
  contracts: readonly DevnetContracts[];
  /** The solver the deposits and deposit address transfers go to. */
  solver: Solver;
  /** Deposits already taken (`txHash:logIndex`), not handed over again. */
  handled: readonly string[];
  /** The devnet's own accounts (solver, sponsor): their token transfers into a depository are not deposits. */
  house: readonly Address[];
  /** The devnet's URL, for each chain's RPC URL. */
  url: string;
  /** How often each chain is scanned, in ms. */
  pollMs: number;
  log: (message: string) => void;
};

/**
 * Starts, on each EVM chain, the deposit indexer (deposits to the depository, to the solver) and the
 * deposit address watcher (transfers into deposit addresses, swept), each added to `resources` as it
 * starts, and answers the chains as the API sees them (slug, role, RPC URL, sender, contracts,
 * indexer and watcher).
 *
 * @param resources - What the devnet started so far; its `indexers` and `watchers` grow. {@link DevnetResources}
 * @param parameters - {@link StartChainWatchersParameters}
 * @returns The API's chains, by chain id.
 * @example
 * const apiChains = startChainWatchers(resources, { chains, senders, contracts, solver, handled, house, url, pollMs: 100, log })
 */
export function startChainWatchers(
  resources: DevnetResources,
  { chains, senders, contracts, solver, handled, house, url, pollMs, log }: StartChainWatchersParameters,
): Map<number, ApiChain> {
  return new Map<number, ApiChain>(
    chains.map((chain, index) => {
      const chainContracts = contracts[index] as DevnetContracts;
      const sender = senders[index] as TransactionSender;
      const role = index === 0 ? "origin" : "destination";
      const indexer = createDepositIndexer({
        chainId: chain.chainId,
        request: chain.request,
        depository: chainContracts.depository,
        house,
        onDeposit: (deposit) => solver.handlePayment(deposit),
        handled,
        pollMs,
        log,
      });
      const depositAddresses = createDepositAddressWatcher({
        chainId: chain.chainId,
        request: chain.request,
        sender,
        factory: chainContracts.depositAddressFactory,
        tokens: [chainContracts.token],
        onTransfer: solver.handleDepositAddressTransfer,
        pollMs,
        log,
      });
      resources.indexers.push(indexer);
      resources.watchers.push(depositAddresses);
      return [
        chain.chainId,
        {
          chainId: chain.chainId,
          name: devnetChainSlugs[role],
          role,
          rpcUrl: `${url}/rpc/${chain.chainId}`,
          request: chain.request,
          sender,
          contracts: chainContracts,
          indexer,
          depositAddresses,
        },
      ];
    }),
  );
}
