import type { DatabaseSync } from "node:sqlite";
import { parseStateRow } from "./parseStateRow.js";
import { stringifyState } from "./stringifyState.js";
import type { ArchivedBlock, StateDatabase } from "./types.js";

/** The methods of a state database over its block archive. */
export type ArchiveMethods = Pick<
  StateDatabase,
  | "archivedChainHead"
  | "archiveChainBlock"
  | "findArchivedBlock"
  | "findArchivedTransaction"
  | "dropArchivedBlocksAfter"
  | "loadArchivedLogs"
>;

/** Most addresses of one `loadArchivedLogs` query put in SQL; a longer list is filtered by the caller's matcher. */
const maxSqlAddresses = 100;

/**
 * Prepares the state database's block archive of the EVM chains: each block as served
 * (`chain_blocks`, by number, found by hash too), each transaction with its receipt
 * (`chain_transactions`, by hash) and each log (`chain_logs`, by block and log index, with its
 * address for `eth_getLogs`). A block is written in one transaction with its transactions and logs,
 * so a `kill -9` leaves it whole or absent.
 *
 * @param db - The open database, its tables created (`createStateTables`).
 * @param path - Its file, named in errors.
 * @param transaction - The database's transaction (`createStateTransaction`).
 * @returns The methods. {@link ArchiveMethods}
 * @throws {CorruptStateError} From a find or load, for a row that is not JSON.
 * @example
 * const archiveMethods = prepareArchiveMethods(db, path, transaction)
 */
export function prepareArchiveMethods(
  db: DatabaseSync,
  path: string,
  transaction: StateDatabase["transaction"],
): ArchiveMethods {
  const head = db.prepare("SELECT MAX(number) AS number FROM chain_blocks WHERE chain_id = ?");
  const clearBlock = [
    db.prepare("DELETE FROM chain_transactions WHERE chain_id = ? AND block_number = ?"),
    db.prepare("DELETE FROM chain_logs WHERE chain_id = ? AND block_number = ?"),
  ];
  const saveBlock = db.prepare(
    "INSERT OR REPLACE INTO chain_blocks (chain_id, number, hash, json) VALUES (?, ?, ?, ?)",
  );
  const saveTransaction = db.prepare(
    "INSERT OR REPLACE INTO chain_transactions (chain_id, hash, block_number, json, receipt) VALUES (?, ?, ?, ?, ?)",
  );
  const saveLog = db.prepare(
    "INSERT OR REPLACE INTO chain_logs (chain_id, block_number, log_index, address, json) VALUES (?, ?, ?, ?, ?)",
  );
  const dropAfter = [
    db.prepare("DELETE FROM chain_blocks WHERE chain_id = ? AND number > ?"),
    db.prepare("DELETE FROM chain_transactions WHERE chain_id = ? AND block_number > ?"),
    db.prepare("DELETE FROM chain_logs WHERE chain_id = ? AND block_number > ?"),
  ];
  const blockByNumber = db.prepare("SELECT json FROM chain_blocks WHERE chain_id = ? AND number = ?");
  const blockByHash = db.prepare("SELECT json FROM chain_blocks WHERE chain_id = ? AND hash = ?");
  const transactionByHash = db.prepare(
    "SELECT json, receipt FROM chain_transactions WHERE chain_id = ? AND hash = ?",
  );
  const logsOfRange = db.prepare(
    "SELECT json FROM chain_logs WHERE chain_id = ? AND block_number BETWEEN ? AND ? ORDER BY block_number, log_index",
  );
  const parse = (text: string, location: string, row: string | number) =>
    parseStateRow({ path, text, location, row }) as Record<string, unknown>;
  return {
    archivedChainHead(chainId) {
      const row = head.get(chainId) as { number: number | null } | undefined;
      return row?.number ?? undefined;
    },
    archiveChainBlock(chainId, { number, hash, block, receipts }) {
      transaction(() => {
        for (const statement of clearBlock) statement.run(chainId, number);
        saveBlock.run(chainId, number, hash.toLowerCase(), stringifyState(block));
        block.transactions.forEach((item, index) => {
          const receipt = receipts[index] as ArchivedBlock["receipts"][number];
          saveTransaction.run(
            chainId,
            String(item.hash).toLowerCase(),
            number,
            stringifyState(item),
            stringifyState(receipt),
          );
          for (const log of receipt.logs)
            saveLog.run(
              chainId,
              number,
              Number(log.logIndex),
              String(log.address).toLowerCase(),
              stringifyState(log),
            );
        });
      });
    },
    findArchivedBlock(chainId, by) {
      const row = (
        "number" in by
          ? blockByNumber.get(chainId, by.number)
          : blockByHash.get(chainId, by.hash.toLowerCase())
      ) as { json: string } | undefined;
      return row === undefined
        ? undefined
        : (parse(row.json, "chain_blocks", "number" in by ? by.number : by.hash) as ArchivedBlock["block"]);
    },
    findArchivedTransaction(chainId, hash) {
      const row = transactionByHash.get(chainId, hash.toLowerCase()) as
        | { json: string; receipt: string }
        | undefined;
      return row === undefined
        ? undefined
        : {
            transaction: parse(row.json, "chain_transactions", hash),
            receipt: parse(row.receipt, "chain_transactions", hash),
          };
    },
    dropArchivedBlocksAfter(chainId, number) {
      transaction(() => {
        for (const statement of dropAfter) statement.run(chainId, number);
      });
    },
    loadArchivedLogs(chainId, { fromBlock, toBlock, addresses }) {
      const rows = (
        addresses !== undefined && addresses.length > 0 && addresses.length <= maxSqlAddresses
          ? db
              .prepare(
                `SELECT json FROM chain_logs WHERE chain_id = ? AND block_number BETWEEN ? AND ? AND address IN (${addresses.map(() => "?").join(", ")}) ORDER BY block_number, log_index`,
              )
              .all(chainId, fromBlock, toBlock, ...addresses.map((address) => address.toLowerCase()))
          : logsOfRange.all(chainId, fromBlock, toBlock)
      ) as { json: string }[];
      return rows.map((row) => parse(row.json, "chain_logs", `${fromBlock}-${toBlock}`));
    },
  };
}
