import { ExchangeError, ExchangeLedgerReplayError } from "./errors.js";
import { replayExchangeEntry } from "./replayExchangeEntry.js";
import type { ExchangeLedgerEntry, ExchangeLedgerState } from "./types.js";

/**
 * Replays the entries an earlier run journaled, in order (`replayExchangeEntry`), onto the opened
 * accounts. The first entry that does not apply stops the replay.
 *
 * @param state - The ledger, restoring. {@link ExchangeLedgerState}
 * @param entries - The journal's entries, oldest first. {@link ExchangeLedgerEntry}
 * @throws {ExchangeLedgerReplayError} With the entry's index and why it does not apply.
 * @example
 * replayExchangeJournal(state, journal.entries)
 */
export function replayExchangeJournal(
  state: ExchangeLedgerState,
  entries: readonly ExchangeLedgerEntry[],
): void {
  for (const [entryIndex, entry] of entries.entries()) {
    try {
      replayExchangeEntry(state, entry);
    } catch (error) {
      throw new ExchangeLedgerReplayError({
        entryIndex,
        reason:
          error instanceof ExchangeError
            ? error.shortMessage
            : error instanceof Error
              ? error.message
              : String(error),
        cause: error,
      });
    }
  }
}
