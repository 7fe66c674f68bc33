import type { StateDatabase } from "../state/openStateDatabase.js";

/** The meta key of the first block of each chain whose history (blocks, logs) the state holds. */
const historyFromKey = "historyFrom";

/**
 * The first block of each EVM chain whose logs the devnet serves: 0, since the state database's block
 * archive serves every block mined since genesis across restarts (`withChainArchive`). A state
 * directory written before the archive existed, restored from a snapshot, has empty blocks up to the
 * snapshot's: for it the block after the snapshot's, fixed in the state (`historyFrom`) the first
 * time it is read, so later restarts keep the same start. Read at the start, before this run takes
 * snapshots of its own.
 *
 * @param state - The state database; none keeps everything in memory.
 * @param chainIds - The EVM chains.
 * @returns The first block with logs, by chain id.
 * @example
 * readHistoryStart(state, [31337, 31338]) // Map { 31337 => 0n, 31338 => 0n }
 */
export function readHistoryStart(
  state: Pick<StateDatabase, "loadChainSnapshot" | "archivedChainHead" | "getMeta" | "setMeta"> | undefined,
  chainIds: readonly number[],
): Map<number, bigint> {
  if (!state) return new Map(chainIds.map((chainId) => [chainId, 0n]));
  const stored = (state.getMeta(historyFromKey) as Record<string, number> | undefined) ?? {};
  const from = { ...stored };
  for (const chainId of chainIds) {
    if (from[chainId] !== undefined) continue;
    const snapshot = state.loadChainSnapshot(chainId);
    const archived = state.archivedChainHead(chainId) !== undefined;
    from[chainId] = snapshot && !archived ? snapshot.block.number + 1 : 0;
  }
  if (chainIds.some((chainId) => stored[chainId] === undefined)) state.setMeta(historyFromKey, from);
  return new Map(chainIds.map((chainId) => [chainId, BigInt(from[chainId] ?? 0)]));
}
