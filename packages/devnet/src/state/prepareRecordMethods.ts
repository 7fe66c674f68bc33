import type { DatabaseSync } from "node:sqlite";
import { parseStateRow } from "./parseStateRow.js";
import { stringifyState } from "./stringifyState.js";
import type { StateDatabase } from "./types.js";

/** The methods of a state database over its `meta`, `requests` and `deliveries` tables. */
export type RecordMethods = Pick<
  StateDatabase,
  | "getMeta"
  | "setMeta"
  | "loadRequests"
  | "loadRequestRows"
  | "saveRequest"
  | "loadDeliveries"
  | "saveDelivery"
>;

/**
 * Prepares the state database's keyed records: meta values by key, requests by id (lowercase, so
 * one request is one row whatever the case it is saved under), webhook deliveries by id in the
 * order first saved. Each save is one statement, on disk when it returns; values are stored with
 * `stringifyState` and read back with `parseStateRow`.
 *
 * @param db - The open database, its tables created (`createStateTables`).
 * @param path - Its file, named in errors.
 * @returns The methods. {@link RecordMethods}
 * @throws {CorruptStateError} From a load, for a row that is not JSON.
 * @example
 * const records = prepareRecordMethods(db, path)
 */
export function prepareRecordMethods(db: DatabaseSync, path: string): RecordMethods {
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
  const loadRequestRows = () =>
    (db.prepare("SELECT id, json FROM requests ORDER BY rowid").all() as { id: string; json: string }[]).map(
      (row) => ({
        id: row.id,
        value: parseStateRow({ path, text: row.json, location: "requests", row: row.id }),
      }),
    );
  return {
    getMeta(key) {
      const row = getMeta.get(key) as { value: string } | undefined;
      return row === undefined
        ? undefined
        : parseStateRow({ path, text: row.value, location: "meta", row: key });
    },
    setMeta: (key, value) => void setMeta.run(key, stringifyState(value)),
    loadRequests: () => loadRequestRows().map((row) => row.value),
    loadRequestRows,
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
        record: parseStateRow({ path, text: row.json, location: "deliveries", row: row.id }) as Record<
          string,
          unknown
        >,
      })),
    saveDelivery: ({ id, requestId, apiKey, record }) =>
      void saveDelivery.run(id, requestId, apiKey, stringifyState(record)),
  };
}
