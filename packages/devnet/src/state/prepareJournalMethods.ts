import type { DatabaseSync } from "node:sqlite";
import { parseStateRow } from "./parseStateRow.js";
import { stringifyState } from "./stringifyState.js";
import type { StateDatabase } from "./types.js";

/** The methods of a state database over its named journals. */
export type JournalMethods = Pick<StateDatabase, "appendEntry" | "loadEntries">;

/**
 * Prepares the state database's named journals (`bitcoin`, `exchange`, `permits`, `appFees`): one
 * table of entries, each a row with a sequence number unique across every journal of the file,
 * appended in its own statement (on disk when the call returns) and read back oldest first.
 *
 * @param db - The open database, its tables created (`createStateTables`).
 * @param path - Its file, named in errors.
 * @returns The methods. {@link JournalMethods}
 * @throws {CorruptStateError} From `loadEntries`, for a row that is not JSON.
 * @example
 * const journals = prepareJournalMethods(db, path)
 */
export function prepareJournalMethods(db: DatabaseSync, path: string): JournalMethods {
  const appendEntry = db.prepare("INSERT INTO journal (name, json) VALUES (?, ?)");
  const loadEntries = db.prepare("SELECT seq, json FROM journal WHERE name = ? ORDER BY seq");
  return {
    appendEntry: (journal, value) => Number(appendEntry.run(journal, stringifyState(value)).lastInsertRowid),
    loadEntries: (journal) =>
      (loadEntries.all(journal) as { seq: number; json: string }[]).map((row) => ({
        seq: row.seq,
        value: parseStateRow({ path, text: row.json, location: `journal "${journal}"`, row: row.seq }),
      })),
  };
}
