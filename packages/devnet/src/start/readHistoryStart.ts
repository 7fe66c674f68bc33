import type { StateDatabase } from "../state/openStateDatabase.js";

/**
 * The first block of each EVM chain whose logs the chain has: 0, unless the chain was restored from
 * a snapshot of a state directory (its earlier blocks are empty then: their logs are gone), in which
 * case the block after the snapshot's. Read at the start, before this run takes snapshots of its own
 * (which change nothing of the running chain).
 *
 * @param state - The state database; none keeps everything in memory.
 * @param chainIds - The EVM chains.
 * @returns The first block with logs, by chain id.
 * @example
 * readHistoryStart(state, [31337, 31338]) // Map { 31337 => 0n, 31338 => 0n }
 */
export function readHistoryStart(
  state: Pick<StateDatabase, "loadChainSnapshot"> | undefined,
  chainIds: readonly number[],
): Map<number, bigint> {
  return new Map(
    chainIds.map((chainId) => {
      const snapshot = state?.loadChainSnapshot(chainId);
      return [chainId, snapshot ? BigInt(snapshot.block.number) + 1n : 0n];
    }),
  );
}
