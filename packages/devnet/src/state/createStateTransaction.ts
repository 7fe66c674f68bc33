import type { DatabaseSync } from "node:sqlite";
import type { StateDatabase } from "./types.js";

/**
 * Makes the `transaction` of a state database: runs `write` (synchronous calls of the database)
 * between `BEGIN IMMEDIATE` and `COMMIT`, so its writes are on disk together when it returns, or
 * rolled back when it throws (or lost together when the process dies before). Only the outermost
 * call begins and commits: a nested call just runs `write` inside it.
 *
 * @param db - The open database.
 * @returns The transaction function. {@link StateDatabase}
 * @example
 * const transaction = createStateTransaction(db)
 * transaction(() => { saveA(); saveB() })
 */
export function createStateTransaction(db: DatabaseSync): StateDatabase["transaction"] {
  /** Depth of `transaction` calls: only the outermost begins and commits. */
  let depth = 0;
  return <result>(write: () => result): result => {
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
}
