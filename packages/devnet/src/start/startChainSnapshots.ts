import type { ChainRequest } from "../chains/createDevnetChains.js";
import { snapshotKeptMethods, takeChainSnapshot } from "../chains/takeChainSnapshot.js";
import type { StateDatabase } from "../state/openStateDatabase.js";

/** Journal rows of a chain between two snapshots, by default. */
export const defaultChainSnapshotEvery = 500;

export type ChainSnapshots = {
  /** Counts a journaled call of the chain; past `every` since the last snapshot, takes one (in the background). */
  journaled: (chainId: number) => void;
  /** Takes a snapshot of every chain now; resolves once stored (or found nothing new to store). */
  takeAll: () => Promise<void>;
  /** Stops taking snapshots; one in progress is not stored. */
  stop: () => void;
};

export type StartChainSnapshotsParameters = {
  state: StateDatabase;
  /** The EVM chains (read only). */
  chains: readonly { chainId: number; request: ChainRequest }[];
  /** Journal rows between two snapshots of a chain. */
  every: number;
  /**
   * The last block of a chain whose deposits (and transfers into deposit addresses) every watcher
   * has read; undefined while one has not read yet. A snapshot never goes past it: the restored
   * chain's older blocks are empty, so nothing may be left in them to find.
   */
  safeBlock: (chainId: number) => bigint | undefined;
  log: (message: string) => void;
};

/**
 * Keeps each EVM chain's journal short: after every `every` journaled calls of a chain it reads a
 * snapshot of the chain (`takeChainSnapshot`) and stores it with the receipts it covers, dropping the
 * journal rows it stands for (`StateDatabase.saveChainSnapshot`), so a restart applies the snapshot
 * and replays only the calls since (`replayChainJournal`). One snapshot at a time, in the background;
 * a failure is logged and the next one tries again.
 *
 * @param parameters - {@link StartChainSnapshotsParameters}
 * @returns The snapshots' controls. {@link ChainSnapshots}
 * @example
 * const snapshots = startChainSnapshots({ state, chains: rawChains, every: 500, safeBlock, log })
 */
export function startChainSnapshots({
  state,
  chains,
  every,
  safeBlock,
  log,
}: StartChainSnapshotsParameters): ChainSnapshots {
  const since = new Map(chains.map((chain) => [chain.chainId, state.loadChainCalls(chain.chainId).length]));
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const take = async (chainId: number) => {
    const chain = chains.find((candidate) => candidate.chainId === chainId);
    const safe = safeBlock(chainId);
    if (!chain || safe === undefined || stopped) return;
    const previous = state.loadChainSnapshot(chainId);
    const calls = state.loadChainCalls(chainId);
    const taken = await takeChainSnapshot({
      chainId,
      request: chain.request,
      previous,
      calls,
      safeBlock: safe,
    });
    if (!taken || stopped) return;
    state.saveChainSnapshot({ ...taken, keep: snapshotKeptMethods });
    since.set(chainId, state.loadChainCalls(chainId).length);
    log(
      `state: chain ${chainId} snapshot at block ${taken.snapshot.block.number} (${Object.keys(taken.snapshot.accounts).length} accounts), ${since.get(chainId)} journal calls after it`,
    );
  };
  const queue = (chainId: number) => {
    running = running
      .then(() => take(chainId))
      .catch((error) => {
        if (!stopped)
          log(`state: chain ${chainId} snapshot: ${error instanceof Error ? error.message : String(error)}`);
      });
    return running;
  };
  let queued = new Set<number>();

  return {
    journaled(chainId) {
      const count = (since.get(chainId) ?? 0) + 1;
      since.set(chainId, count);
      if (count < every || queued.has(chainId) || stopped) return;
      queued.add(chainId);
      void queue(chainId).finally(() => queued.delete(chainId));
    },
    async takeAll() {
      for (const chain of chains) await queue(chain.chainId);
    },
    stop() {
      stopped = true;
      queued = new Set();
    },
  };
}
