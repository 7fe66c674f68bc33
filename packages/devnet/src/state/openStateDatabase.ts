import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createStateTables } from "./createStateTables.js";
import { createStateTransaction } from "./createStateTransaction.js";
import { prepareArchiveMethods } from "./prepareArchiveMethods.js";
import { prepareChainMethods } from "./prepareChainMethods.js";
import { prepareJournalMethods } from "./prepareJournalMethods.js";
import { prepareRecordMethods } from "./prepareRecordMethods.js";
import type { StateDatabase } from "./types.js";

// Every value of the database is written and read with these; their readers import them from here.
export { parseState } from "./parseState.js";
export { stringifyState } from "./stringifyState.js";
// The database's types are declared in types.ts (its step files read them there); kept importable from here.
export type {
  ArchivedBlock,
  ArchivedLogsQuery,
  ChainSnapshot,
  JournalEntry,
  JournaledBlock,
  JournaledChainCall,
  SnapshotAccount,
  StateDatabase,
  StoredDelivery,
} from "./types.js";

export type OpenStateDatabaseParameters = {
  /** The state directory; created when missing. */
  dir: string;
};

/**
 * Opens (or creates) the devnet's state database, `DIR/devnet.sqlite`, with SQLite through Node's
 * built-in `node:sqlite` (no native package to build; the devnet already needs Node 22). Every write
 * is its own transaction in WAL mode with `synchronous = FULL` (or part of one `transaction`): what a
 * call wrote is on disk when it returns, so a `kill -9` loses nothing written before it. `node:sqlite` is loaded only here (Node
 * prints an experimental-feature warning when it loads), so a devnet without state never loads it.
 *
 * @param parameters - {@link OpenStateDatabaseParameters}
 * @returns The database. {@link StateDatabase}
 * @example
 * const db = await openStateDatabase({ dir: ".devnet-state" })
 * db.saveRequest(request.requestId, request)
 */
export async function openStateDatabase({ dir }: OpenStateDatabaseParameters): Promise<StateDatabase> {
  const { DatabaseSync } = await import("node:sqlite");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "devnet.sqlite");
  const db = new DatabaseSync(path);
  try {
    createStateTables(db, path);
  } catch (error) {
    db.close();
    throw error;
  }
  const transaction = createStateTransaction(db);
  let closed = false;
  return {
    path,
    ...prepareRecordMethods(db, path),
    ...prepareChainMethods(db, path, transaction),
    ...prepareArchiveMethods(db, path, transaction),
    ...prepareJournalMethods(db, path),
    transaction,
    close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
