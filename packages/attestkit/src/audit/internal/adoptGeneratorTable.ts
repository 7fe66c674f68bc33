import { limbs } from "./fieldLimbs.js";
import { generatorTables, type SharedGeneratorTable } from "./generatorTables.js";

/**
 * Makes `shared` this thread's table of G for its window: `generatorTable(shared.w)` then reads
 * the shared memory, neither built nor copied. An audit worker does this before its first batch,
 * with the table the thread that started it shared.
 *
 * @param shared - The table, from `sharedGeneratorTable` in the thread that started this one.
 * {@link SharedGeneratorTable}
 * @throws RangeError when its buffers do not hold `windows x half` points.
 * @example
 * adoptGeneratorTable(workerData.generatorTable)
 * generatorTable(10).xs.buffer === workerData.generatorTable.xs // true
 */
export function adoptGeneratorTable(shared: SharedGeneratorTable): void {
  const { w, windows, half, xs, ys } = shared;
  const bytes = windows * half * limbs * Float64Array.BYTES_PER_ELEMENT;
  if (xs.byteLength !== bytes || ys.byteLength !== bytes)
    throw new RangeError(
      `the shared table of G holds ${xs.byteLength} and ${ys.byteLength} bytes, not ${bytes} (${windows} x ${half} points)`,
    );
  generatorTables.byWindow.set(w, { w, windows, half, xs: new Float64Array(xs), ys: new Float64Array(ys) });
  generatorTables.shared = shared;
}
