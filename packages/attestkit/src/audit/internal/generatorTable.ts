import { secp256k1 } from "@noble/curves/secp256k1.js";
import { type FixedTable, fixedTable } from "./fixedTable.js";
import { generatorTables } from "./generatorTables.js";

/**
 * G's fixed table for window `w` (see `fixedTable`), made once per thread: the shared one where
 * this thread shares or adopted it (`sharedGeneratorTable`, `adoptGeneratorTable`), else built
 * here on first use.
 *
 * @param w - The window width.
 * @returns The table. {@link FixedTable}
 * @example
 * addTableMultiples(batch, generatorTable(10), scalars) // scalars[i] * G added to entry i
 */
export function generatorTable(w: number): FixedTable {
  const { byWindow } = generatorTables;
  let table = byWindow.get(w);
  if (table === undefined) {
    table = fixedTable(secp256k1.Point.BASE, w);
    byWindow.set(w, table);
  }
  return table;
}
