import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Hex } from "viem";
import { createStateTables } from "./createStateTables.js";
import { createStateTransaction } from "./createStateTransaction.js";
import { prepareChainMethods } from "./prepareChainMethods.js";
import { prepareJournalMethods } from "./prepareJournalMethods.js";
import { prepareRecordMethods } from "./prepareRecordMethods.js";

// Every value of the database is written and read with these; their readers import them from here.
export { parseState } from "./parseState.js";
export { stringifyState } from "./stringifyState.js";

/** The block a journaled call landed in (a transaction's block; for other calls the latest block after it). */
export type JournaledBlock = {
  number: number;
  /** Seconds. */
  timestamp: number;
  /** Hex, or null before London. */
  baseFeePerGas: string | null;
};

/** One state-changing call made to a chain, in the order the chain accepted them. */
export type JournaledChainCall = {
  chainId: number;
  method: string;
  params: readonly unknown[];
  /** Its block, replayed with the same timestamp and base fee; null while a transaction is pending. */
  block: JournaledBlock | null;
};

/** One account's state in a chain snapshot (hex quantities, storage by slot; zero slots left out). */
export type SnapshotAccount = { balance: Hex; nonce: Hex; code: Hex; storage: Record<string, Hex> };

/**
 * A chain's state at one block, standing for the journal up to `seq`: every account a transaction or
 * an admin call touched since genesis, with its balance, nonce, code and the storage slots it used.
 */
export type ChainSnapshot = {
  chainId: number;
  /** The last journal row whose effects it holds (rows of this chain up to it are compacted away). */
  seq: number;
  /** The block it was read at: restored as the head block, with its number, timestamp and base fee. */
  block: JournaledBlock;
  /** By lowercase address. */
  accounts: Record<string, SnapshotAccount>;
};

/** A webhook delivery as stored: the outbox's record, plus the API key that signs it. */
export type StoredDelivery = {
  id: string;
  requestId: string;
  apiKey: string;
  /** The outbox's record (`WebhookDelivery`), as JSON. */
  record: Record<string, unknown>;
};

/** One entry of a journal, with its sequence number (unique across every journal of the file). */
export type JournalEntry = { seq: number; value: unknown };

export type StateDatabase = {
  /** The database file. */
  path: string;
  getMeta: (key: string) => unknown;
  setMeta: (key: string, value: unknown) => void;
  /** Every stored request, as saved (bigints restored). */
  loadRequests: () => unknown[];
  /**
   * Every stored request with its key (the request id, lowercase), as saved (bigints restored), for
   * a reader that names the row a value came from (`readRequests`).
   */
  loadRequestRows: () => { id: string; value: unknown }[];
  saveRequest: (requestId: string, request: unknown) => void;
  /** Every stored delivery, oldest first. */
  loadDeliveries: () => StoredDelivery[];
  saveDelivery: (delivery: StoredDelivery) => void;
  /** Every journaled chain call (of one chain, when given), in order, with its sequence number. */
  loadChainCalls: (chainId?: number) => (JournaledChainCall & { seq: number })[];
  /** Appends a call; returns its sequence number. */
  appendChainCall: (call: JournaledChainCall) => number;
  /** Records the block a pending transaction was mined in. */
  setChainCallBlock: (seq: number, block: JournaledBlock) => void;
  /** Drops the chain journal (a first start that died before its contracts were deployed). */
  clearChainCalls: () => void;
  /** The latest snapshot of a chain, if one was taken. */
  loadChainSnapshot: (chainId: number) => ChainSnapshot | undefined;
  /**
   * Stores a chain's snapshot in one transaction with the receipts of the transactions it covers
   * (`receipts`, the chain's JSON-RPC receipts by hash) and drops the journal rows of that chain up to
   * `snapshot.seq`, but for the methods in `keep` (calls that change no account: they are replayed).
   */
  saveChainSnapshot: (parameters: {
    snapshot: ChainSnapshot;
    receipts: readonly { hash: string; receipt: unknown }[];
    keep: readonly string[];
  }) => void;
  /** The stored receipt of a transaction a snapshot covers (the restored chain no longer has it). */
  findChainReceipt: (chainId: number, hash: string) => unknown;
  /**
   * Appends an entry to a named journal (`bitcoin`, `exchange`, `permits`, `appFees`): one row,
   * written in its own transaction, on disk when the call returns. Returns its sequence number.
   */
  appendEntry: (journal: string, value: unknown) => number;
  /**
   * Every entry of a journal, oldest first (bigints restored).
   *
   * @throws {CorruptStateError} For a row that is not JSON, naming the file and the row.
   */
  loadEntries: (journal: string) => JournalEntry[];
  /**
   * Runs `write` (synchronous calls of this database) as one transaction: on disk together when it
   * returns, or not at all when the process dies before (or `write` throws: rolled back). Inside a
   * transaction, a nested call just runs `write`.
   */
  transaction: <result>(write: () => result) => result;
  close: () => void;
};

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
    ...prepareJournalMethods(db, path),
    transaction,
    close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
