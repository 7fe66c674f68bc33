import { secp256k1 } from "@noble/curves/secp256k1.js";
import { limbs, limbsFromBytes } from "./fieldLimbs.js";
import { type FixedTable, fixedTable } from "./fixedTable.js";

// Per thread: G's tables, one per window; the shipped table's data once loaded.
const tables = new Map<number, FixedTable>();
let shipped: { window: number; hex: string } | undefined;

/**
 * Loads the table of G that ships with the package (generatorTableData.ts: 1.8 MB of source, so
 * only the threads that run the noble engine import it). Until it is loaded in a thread,
 * `generatorTable` builds that window's table there like any other.
 *
 * @example
 * await loadGeneratorTable()
 * generatorTable(10) // decoded, not built
 */
export async function loadGeneratorTable(): Promise<void> {
  if (shipped) return;
  const { generatorTableWindow, generatorTableHex } = await import("./generatorTableData.js");
  shipped = { window: generatorTableWindow, hex: generatorTableHex };
}

/**
 * G's fixed table for window `w` (see `fixedTable`), made once per thread: the window the package
 * ships (10 bits) is decoded once `loadGeneratorTable` has run, any other is built.
 *
 * @param w - The window width.
 * @returns The table. {@link FixedTable}
 * @example
 * addTableMultiples(batch, generatorTable(10), scalars) // scalars[i] * G added to entry i
 */
export function generatorTable(w: number): FixedTable {
  let table = tables.get(w);
  if (table === undefined) {
    table = shipped?.window === w ? decodeShippedTable(shipped.hex, w) : fixedTable(secp256k1.Point.BASE, w);
    tables.set(w, table);
  }
  return table;
}

/** The shipped table as limbs: each coordinate's 32 bytes, read as `limbsFromBytes` reads them. */
function decodeShippedTable(hex: string, w: number): FixedTable {
  const half = 1 << (w - 1);
  const windows = Math.ceil(256 / w) + 1;
  const points = windows * half;
  const bytes = Buffer.from(hex, "hex");
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
