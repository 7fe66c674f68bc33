import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Hex } from "viem";
import { CorruptStateError } from "./errors.js";

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

/** Bumped when the tables change; a directory of another version is refused, not misread. */
const schemaVersion = 1;

/** JSON with bigints: `{ "$bigint": "123" }` stands for `123n`. */
export function stringifyState(value: unknown): string {
  return JSON.stringify(value, (_key, item) =>
    typeof item === "bigint" ? { $bigint: item.toString() } : item,
  );
}

/** Reads what {@link stringifyState} wrote. */
export function parseState(text: string): unknown {
  return JSON.parse(text, (_key, item) =>
    item !== null &&
    typeof item === "object" &&
    !Array.isArray(item) &&
    Object.keys(item).length === 1 &&
    typeof item.$bigint === "string"
      ? BigInt(item.$bigint)
      : item,
  );
}

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
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = FULL");
    db.exec("PRAGMA busy_timeout = 5000");
    db.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS requests (id TEXT PRIMARY KEY, json TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS deliveries (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        request_id TEXT NOT NULL,
        api_key TEXT NOT NULL,
        json TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS journal (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        json TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS journal_name ON journal (name, seq);
      CREATE TABLE IF NOT EXISTS chain_calls (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        chain_id INTEGER NOT NULL,
        method TEXT NOT NULL,
        params TEXT NOT NULL,
        block TEXT
      );
      CREATE TABLE IF NOT EXISTS chain_snapshots (chain_id INTEGER PRIMARY KEY, json TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS chain_receipts (
        chain_id INTEGER NOT NULL,
        hash TEXT NOT NULL,
        json TEXT NOT NULL,
        PRIMARY KEY (chain_id, hash)
      );
    `);
    const version = db.prepare("SELECT value FROM meta WHERE key = 'schemaVersion'").get() as
      | { value: string }
      | undefined;
    if (version === undefined)
      db.prepare("INSERT INTO meta (key, value) VALUES ('schemaVersion', ?)").run(String(schemaVersion));
    else if (Number(JSON.parse(version.value)) !== schemaVersion)
      throw new Error(
        `The state in ${path} has version ${version.value}; this devnet reads version ${schemaVersion}. Use another --state directory.`,
      );
  } catch (error) {
    db.close();
    throw error;
  }

  const getMeta = db.prepare("SELECT value FROM meta WHERE key = ?");
  const setMeta = db.prepare(
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
  );
  const saveRequest = db.prepare(
    "INSERT INTO requests (id, json) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET json = excluded.json",
  );
  const saveDelivery = db.prepare(
    `INSERT INTO deliveries (id, request_id, api_key, json) VALUES (?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET json = excluded.json`,
  );
  const appendChainCall = db.prepare(
    "INSERT INTO chain_calls (chain_id, method, params, block) VALUES (?, ?, ?, ?)",
  );
  const setChainCallBlock = db.prepare("UPDATE chain_calls SET block = ? WHERE seq = ?");
  const loadChainSnapshot = db.prepare("SELECT json FROM chain_snapshots WHERE chain_id = ?");
  const saveChainSnapshot = db.prepare(
    "INSERT INTO chain_snapshots (chain_id, json) VALUES (?, ?) ON CONFLICT(chain_id) DO UPDATE SET json = excluded.json",
  );
  const saveChainReceipt = db.prepare(
    "INSERT OR REPLACE INTO chain_receipts (chain_id, hash, json) VALUES (?, ?, ?)",
  );
  const findChainReceipt = db.prepare("SELECT json FROM chain_receipts WHERE chain_id = ? AND hash = ?");
  const appendEntry = db.prepare("INSERT INTO journal (name, json) VALUES (?, ?)");
  const loadEntries = db.prepare("SELECT seq, json FROM journal WHERE name = ? ORDER BY seq");
  let closed = false;
  /** Depth of `transaction` calls: only the outermost begins and commits. */
  let depth = 0;
  const transaction = <result>(write: () => result): result => {
    if (depth > 0) return write();
    db.exec("BEGIN IMMEDIATE");
    depth++;
    let result: result;
    try {
      result = write();
    } catch (error) {
      depth--;
      db.exec("ROLLBACK");
      throw error;
    }
    depth--;
    db.exec("COMMIT");
    return result;
  };
  /** Reads a stored JSON text; a row that is not JSON is a {@link CorruptStateError} naming it. */
  const parseRow = (text: string, location: string, row: string | number) => {
    try {
      return parseState(text);
    } catch (cause) {
      throw new CorruptStateError({ path, location, row, reason: "is not JSON", cause });
    }
  };

  return {
    path,
    getMeta(key) {
      const row = getMeta.get(key) as { value: string } | undefined;
      return row === undefined ? undefined : parseRow(row.value, "meta", key);
    },
    setMeta: (key, value) => void setMeta.run(key, stringifyState(value)),
    loadRequests: () =>
      (
        db.prepare("SELECT id, json FROM requests ORDER BY rowid").all() as { id: string; json: string }[]
      ).map((row) => parseRow(row.json, "requests", row.id)),
    saveRequest: (requestId, request) =>
      void saveRequest.run(requestId.toLowerCase(), stringifyState(request)),
    loadDeliveries: () =>
      (
        db.prepare("SELECT id, request_id, api_key, json FROM deliveries ORDER BY seq").all() as {
          id: string;
          request_id: string;
          api_key: string;
          json: string;
        }[]
      ).map((row) => ({
        id: row.id,
        requestId: row.request_id,
        apiKey: row.api_key,
        record: parseRow(row.json, "deliveries", row.id) as Record<string, unknown>,
      })),
    saveDelivery: ({ id, requestId, apiKey, record }) =>
      void saveDelivery.run(id, requestId, apiKey, stringifyState(record)),
    loadChainCalls: (chainId) =>
      (
        (chainId === undefined
          ? db.prepare("SELECT seq, chain_id, method, params, block FROM chain_calls ORDER BY seq").all()
          : db
              .prepare(
                "SELECT seq, chain_id, method, params, block FROM chain_calls WHERE chain_id = ? ORDER BY seq",
              )
              .all(chainId)) as {
          seq: number;
          chain_id: number;
          method: string;
          params: string;
          block: string | null;
        }[]
      ).map((row) => ({
        seq: row.seq,
        chainId: row.chain_id,
        method: row.method,
        params: parseRow(row.params, "chain_calls", row.seq) as unknown[],
        block: row.block === null ? null : (parseRow(row.block, "chain_calls", row.seq) as JournaledBlock),
      })),
    appendChainCall: ({ chainId, method, params, block }) =>
      Number(
        appendChainCall.run(
          chainId,
          method,
          stringifyState(params),
          block === null ? null : stringifyState(block),
        ).lastInsertRowid,
      ),
    setChainCallBlock: (seq, block) => void setChainCallBlock.run(stringifyState(block), seq),
    clearChainCalls: () => void db.exec("DELETE FROM chain_calls"),
    loadChainSnapshot(chainId) {
      const row = loadChainSnapshot.get(chainId) as { json: string } | undefined;
      return row === undefined
        ? undefined
        : (parseRow(row.json, "chain_snapshots", chainId) as ChainSnapshot);
    },
    saveChainSnapshot({ snapshot, receipts, keep }) {
      const dropped = db.prepare(
        `DELETE FROM chain_calls WHERE chain_id = ? AND seq <= ? AND method NOT IN (${keep.map(() => "?").join(", ") || "''"})`,
      );
      transaction(() => {
        saveChainSnapshot.run(snapshot.chainId, stringifyState(snapshot));
        for (const { hash, receipt } of receipts)
          saveChainReceipt.run(snapshot.chainId, hash.toLowerCase(), stringifyState(receipt));
        dropped.run(snapshot.chainId, snapshot.seq, ...keep);
      });
    },
    findChainReceipt(chainId, hash) {
      const row = findChainReceipt.get(chainId, hash.toLowerCase()) as { json: string } | undefined;
      return row === undefined ? undefined : parseRow(row.json, "chain_receipts", hash);
    },
    appendEntry: (journal, value) => Number(appendEntry.run(journal, stringifyState(value)).lastInsertRowid),
    loadEntries: (journal) =>
      (loadEntries.all(journal) as { seq: number; json: string }[]).map((row) => ({
        seq: row.seq,
        value: parseRow(row.json, `journal "${journal}"`, row.seq),
      })),
    transaction,
    close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
