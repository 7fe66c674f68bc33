import { BitcoinChainReplayError } from "../errors.js";
import type { BitcoinBlock, BitcoinChainEntry } from "../types.js";
import type { BitcoinChainState } from "./bitcoinChainState.js";

/** What replaying uses of the chain being created: its `broadcast` and `mine` (those of `BitcoinChain`). */
export type ReplayBitcoinJournalChain = {
  broadcast: (raw: string) => unknown;
  mine: (count: number, options: { timestamp: number }) => BitcoinBlock[];
};

export type ReplayBitcoinJournalParameters = {
  /** The chain being created (its genesis appended), which the entries are replayed into. */
  chain: ReplayBitcoinJournalChain;
  /** The journal's entries after the genesis. */
  entries: readonly BitcoinChainEntry[];
};

/**
 * Replays a journal's entries after the genesis, each at its own recorded time (nothing is journaled
 * again): a transaction is broadcast, a block is mined with its recorded timestamp and must come out
 * at the recorded height with the recorded hash (the same mempool order gives the same blocks). An
 * entry that fails, or a second genesis, is a `BitcoinChainReplayError` naming the entry's index.
 *
 * @param state - The chain's state. {@link BitcoinChainState}
 * @param parameters - {@link ReplayBitcoinJournalParameters}
 * @example
 * replayBitcoinJournal(state, { chain, entries: journal.entries.slice(1) })
 */
export function replayBitcoinJournal(
  state: BitcoinChainState,
  { chain, entries }: ReplayBitcoinJournalParameters,
): void {
  // Each later entry again, at its own time: the same mempool order gives the same blocks.
  for (const [i, entry] of entries.entries()) {
    state.replayAt = entry.at;
    try {
      if (entry.type === "transaction") chain.broadcast(entry.hex);
      else if (entry.type === "block") {
        const [block] = chain.mine(1, { timestamp: entry.timestamp }) as [BitcoinBlock];
        if (block.height !== entry.height || block.hash !== entry.hash)
          throw new Error(
            `block ${block.height} is ${block.hash}, the journal has block ${entry.height} ${entry.hash}`,
          );
      } else throw new Error("a second genesis entry");
    } catch (error) {
      throw new BitcoinChainReplayError({
        entryIndex: i + 1,
        reason:
          error instanceof Error
            ? ((error as { shortMessage?: string }).shortMessage ?? error.message)
            : String(error),
        cause: error,
      });
    } finally {
      state.replayAt = undefined;
    }
  }
}
