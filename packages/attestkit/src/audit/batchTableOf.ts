import { batchTableWindow } from "./batchTableWindow.js";
import { type FixedTable, fixedTable } from "./internal/fixedTable.js";
import type { KnownSolverKey, NobleRecoveryState } from "./nobleRecoveryState.js";

/**
 * A learned key's fixed table for batches, of the window its use so far calls for: built (or
 * rebuilt wider) when the key has none of that window yet, else the one it has.
 *
 * @param state - The recovery's windows.
 * @param key - The key; its `table` is set.
 * @returns The table (`batchTableWindow(state, key.served)` bits). Never throws.
 * @example
 * addTableDigits(sums, batchTableOf(state, key), digits)
 */
export function batchTableOf(state: NobleRecoveryState, key: KnownSolverKey): FixedTable {
  const w = batchTableWindow(state, key.served);
  if (key.table?.w !== w) key.table = fixedTable(key.point, w);
  return key.table;
}
