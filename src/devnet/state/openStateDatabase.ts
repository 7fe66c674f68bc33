import { mkdirSync } from "node:fs";
import { join } from "node:path";
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
  /** Every journaled chain call, in order. */
  loadChainCalls: () => JournaledChainCall[];
  /** Appends a call; returns its sequence number. */
  appendChainCall: (call: JournaledChainCall) => number;
  /** Records the block a pending transaction was mined in. */
  setChainCallBlock: (seq: number, block: JournaledBlock) => void;
  /** Drops the chain journal (a first start that died before its contracts were deployed). */
  clearChainCalls: () => void;
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
 * is its own transaction in WAL mode with `synchronous = FULL`: what a call wrote is on disk when it
 * returns, so a `kill -9` loses nothing written before it. `node:sqlite` is loaded only here (Node
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
  const appendEntry = db.prepare("INSERT INTO journal (name, json) VALUES (?, ?)");
  const loadEntries = db.prepare("SELECT seq, json FROM journal WHERE name = ? ORDER BY seq");
  let closed = false;
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
    loadChainCalls: () =>
      (
        db.prepare("SELECT seq, chain_id, method, params, block FROM chain_calls ORDER BY seq").all() as {
          seq: number;
          chain_id: number;
          method: string;
          params: string;
          block: string | null;
        }[]
      ).map((row) => ({
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
    appendEntry: (journal, value) => Number(appendEntry.run(journal, stringifyState(value)).lastInsertRowid),
    loadEntries: (journal) =>
      (loadEntries.all(journal) as { seq: number; json: string }[]).map((row) => ({
        seq: row.seq,
        value: parseRow(row.json, `journal "${journal}"`, row.seq),
      })),
    close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
