import { secp256k1 } from "@noble/curves/secp256k1.js";
import { limbs, limbsFromBytes } from "./fieldLimbs.js";
import { type FixedTable, fixedTable } from "./fixedTable.js";
import { generatorTableHex, generatorTableWindow } from "./generatorTableData.js";

// Per thread: G's tables, one per window.
const tables = new Map<number, FixedTable>();

/**
 * G's fixed table for window `w` (see `fixedTable`), made once per thread: the window the package
 * ships (generatorTableData.ts, 10 bits) is decoded, any other is built.
 *
 * @param w - The window width.
 * @returns The table. {@link FixedTable}
 * @example
 * addTableMultiples(batch, generatorTable(10), scalars) // scalars[i] * G added to entry i
 */
export function generatorTable(w: number): FixedTable {
  let table = tables.get(w);
  if (table === undefined) {
    table = w === generatorTableWindow ? decodeShippedTable() : fixedTable(secp256k1.Point.BASE, w);
    tables.set(w, table);
  }
  return table;
}

/** The shipped table as limbs: each coordinate's 32 bytes, read as `limbsFromBytes` reads them. */
function decodeShippedTable(): FixedTable {
  const w = generatorTableWindow;
  const half = 1 << (w - 1);
  const windows = Math.ceil(256 / w) + 1;
  const points = windows * half;
  const bytes = Buffer.from(generatorTableHex, "hex");
  if (bytes.length !== 64 * points)
    throw new Error(`the table of G holds ${bytes.length} bytes, not ${64 * points}: run npm run generate`);
  const xs = new Float64Array(points * limbs);
  const ys = new Float64Array(points * limbs);
  for (let i = 0; i < points; i++) {
    limbsFromBytes(bytes, 64 * i, xs, i * limbs);
    limbsFromBytes(bytes, 64 * i + 32, ys, i * limbs);
  }
  return { w, windows, half, xs, ys };
}
