import type { DatabaseSync } from "node:sqlite";
import { parseStateRow } from "./parseStateRow.js";
import { stringifyState } from "./stringifyState.js";
import type { ChainSnapshot, JournaledBlock, StateDatabase } from "./types.js";

/** The methods of a state database over its chain tables. */
export type ChainMethods = Pick<
  StateDatabase,
  | "loadChainCalls"
  | "appendChainCall"
  | "setChainCallBlock"
  | "clearChainCalls"
  | "loadChainSnapshot"
  | "saveChainSnapshot"
  | "findChainReceipt"
>;

/** One row of `chain_calls` as SQLite returns it. */
type ChainCallRow = { seq: number; chain_id: number; method: string; params: string; block: string | null };

/**
 * Prepares the state database's record of the EVM chains: the journal of state-changing calls
 * (`chain_calls`, in the order the chains accepted them, each with its block once mined), the
 * latest snapshot of each chain, and the receipts of the transactions a snapshot covers (the
 * restored chain no longer has them). A snapshot is saved in one transaction with its receipts and
 * the removal of the journal rows it stands for.
 *
 * @param db - The open database, its tables created (`createStateTables`).
 * @param path - Its file, named in errors.
 * @param transaction - The database's transaction (`createStateTransaction`).
 * @returns The methods. {@link ChainMethods}
 * @throws {CorruptStateError} From a load, for a row that is not JSON.
 * @example
 * const chainMethods = prepareChainMethods(db, path, transaction)
 */
export function prepareChainMethods(
  db: DatabaseSync,
  path: string,
  transaction: StateDatabase["transaction"],
): ChainMethods {
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
  const parse = (text: string, location: string, row: string | number) =>
    parseStateRow({ path, text, location, row });
  return {
    loadChainCalls: (chainId) =>
      (
        (chainId === undefined
          ? db.prepare("SELECT seq, chain_id, method, params, block FROM chain_calls ORDER BY seq").all()
          : db
              .prepare(
                "SELECT seq, chain_id, method, params, block FROM chain_calls WHERE chain_id = ? ORDER BY seq",
              )
              .all(chainId)) as ChainCallRow[]
      ).map((row) => ({
        seq: row.seq,
        chainId: row.chain_id,
        method: row.method,
        params: parse(row.params, "chain_calls", row.seq) as unknown[],
        block: row.block === null ? null : (parse(row.block, "chain_calls", row.seq) as JournaledBlock),
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
      return row === undefined ? undefined : (parse(row.json, "chain_snapshots", chainId) as ChainSnapshot);
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
      return row === undefined ? undefined : parse(row.json, "chain_receipts", hash);
    },
  };
}
