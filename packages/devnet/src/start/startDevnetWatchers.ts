import { createIndexQueue, type IndexQueue } from "../api/createIndexQueue.js";
import type { ApiChain } from "../api/types.js";
import { resumeRelayedCalls } from "../relayer/resumeRelayedCalls.js";
import type { DevnetBoot } from "./bootDevnet.js";
import type { DevnetStores } from "./createDevnetStores.js";
import type { PrepareEvmChainsReturnType } from "./prepareEvmChains.js";
import { resumeRestoredRequests } from "./resumeRestoredRequests.js";
import { rewatchDepositAddresses } from "./rewatchDepositAddresses.js";
import { safeSnapshotBlock } from "./safeSnapshotBlock.js";
import { defaultChainSnapshotEvery, startChainSnapshots } from "./startChainSnapshots.js";
import { startChainWatchers } from "./startChainWatchers.js";
import type { StartDevnetSolverReturnType } from "./startDevnetSolver.js";
import { startExternalDepositWatchers } from "./startExternalDepositWatchers.js";

export type StartDevnetWatchersReturnType = {
  /** The EVM chains as the API sees them, by chain id. */
  apiChains: Map<number, ApiChain>;
  /** The queue of `POST /transactions/index` calls made before their transaction was mined. */
  indexQueue: IndexQueue;
};

export type StartDevnetWatchersParameters = {
  evm: PrepareEvmChainsReturnType;
  stores: DevnetStores;
  /** The solver and the ledgers beside the EVM chains. */
  payments: StartDevnetSolverReturnType;
  /** The devnet's URL, for each chain's RPC URL. */
  url: string;
};

/**
 * Starts everything that watches the chains for payments, each added to `resources` as it starts,
 * in this order: the restored requests taken up again (`resumeRestoredRequests`); on each EVM chain
 * the deposit indexer and the deposit address watcher (`startChainWatchers`; deposits the restored
 * requests already took are not handed over again, as the indexer reads the chains from block 0);
 * the chain snapshots, with a state directory (`startChainSnapshots`, never past a block not read
 * yet: `safeSnapshotBlock`); the queue of indexing calls made before their transaction was mined;
 * the deposit addresses of open requests watched again; the relayer's calls of gasless executions
 * left `waiting` followed or failed (`resumeRelayedCalls`); the Bitcoin and exchange deposit watchers.
 *
 * @param boot - What the start fixed so far. {@link DevnetBoot}
 * @param parameters - {@link StartDevnetWatchersParameters}
 * @returns The API's chains and the index queue. {@link StartDevnetWatchersReturnType}
 * @example
 * const { apiChains, indexQueue } = await startDevnetWatchers(boot, { evm, stores, payments, url })
 */
export async function startDevnetWatchers(
  boot: DevnetBoot,
  { evm, stores, payments, url }: StartDevnetWatchersParameters,
): Promise<StartDevnetWatchersReturnType> {
  const { settings, state, stored, resources, parameters } = boot;
  const { store } = stores;
  const { solver } = payments;
  const { log, blockTimeMs } = settings;
  const handled = store
    .all()
    .flatMap((request) => (request.deposit ? [`${request.deposit.txHash}:${request.deposit.logIndex}`] : []));
  if (state && stored) resumeRestoredRequests({ store, solver, accrueAppFees: stores.accrue, log });
  const apiChains = startChainWatchers(resources, {
    chains: boot.chains,
    senders: evm.senders,
    contracts: evm.contracts,
    solver,
    handled,
    house: [boot.solverAccount.address, boot.sponsorAccount.address],
    url,
    pollMs: settings.indexIntervalMs,
    log,
  });
  const snapshotEvery = parameters.chainSnapshotEvery ?? defaultChainSnapshotEvery;
  if (state && snapshotEvery > 0)
    resources.snapshots = startChainSnapshots({
      state,
      chains: boot.rawChains,
      every: snapshotEvery,
      safeBlock: (chainId) => safeSnapshotBlock(apiChains.get(chainId), store.all()),
      log,
    });
  const indexQueue = createIndexQueue({
    chains: apiChains,
    pollMs: blockTimeMs === undefined ? 100 : Math.max(10, Math.floor(blockTimeMs / 4)),
    log,
  });
  resources.indexQueue = indexQueue;
  await rewatchDepositAddresses({ store, chains: apiChains });
  if (state && stored) await resumeRelayedCalls({ context: { store, log }, chains: apiChains });
  startExternalDepositWatchers(resources, {
    exchangeLedger: payments.exchangeLedger,
    bitcoin: payments.bitcoin,
    store,
    solver,
    restored: state !== undefined && stored !== undefined,
    log,
  });
  return { apiChains, indexQueue };
}
