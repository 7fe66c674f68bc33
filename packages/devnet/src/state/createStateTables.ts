import type { DatabaseSync } from "node:sqlite";

/** Bumped when the tables change; a directory of another version is refused, not misread. */
const schemaVersion = 1;

/**
 * Makes a just-opened state database ready: WAL mode with `synchronous = FULL` (a write is on disk
 * when its call returns, so a `kill -9` loses nothing written before it) and a 5 s busy timeout;
 * the tables created when missing (`meta`, `requests`, `deliveries`, `journal`, `chain_calls`,
 * `chain_snapshots`, `chain_receipts`, and the block archive: `chain_blocks`,
 * `chain_transactions`, `chain_logs`); the tables' version recorded in a new file, or checked in
 * an existing one.
 *
 * @param db - The open database.
 * @param path - Its file, named in the error.
 * @throws {Error} When the file holds tables of another version (use another `--state` directory).
 * @example
 * createStateTables(db, path)
 */
export function createStateTables(db: DatabaseSync, path: string): void {
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
    CREATE TABLE IF NOT EXISTS chain_blocks (
      chain_id INTEGER NOT NULL,
      number INTEGER NOT NULL,
      hash TEXT NOT NULL,
      json TEXT NOT NULL,
      PRIMARY KEY (chain_id, number)
    );
    CREATE INDEX IF NOT EXISTS chain_blocks_hash ON chain_blocks (chain_id, hash);
    CREATE TABLE IF NOT EXISTS chain_transactions (
      chain_id INTEGER NOT NULL,
      hash TEXT NOT NULL,
      block_number INTEGER NOT NULL,
      json TEXT NOT NULL,
      receipt TEXT NOT NULL,
      PRIMARY KEY (chain_id, hash)
    );
    CREATE TABLE IF NOT EXISTS chain_logs (
      chain_id INTEGER NOT NULL,
      block_number INTEGER NOT NULL,
      log_index INTEGER NOT NULL,
      address TEXT NOT NULL,
      json TEXT NOT NULL,
      PRIMARY KEY (chain_id, block_number, log_index)
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
}
