import { adoptGeneratorTable } from "./adoptGeneratorTable.js";
import { generatorTable } from "./generatorTable.js";
import { generatorTables, type SharedGeneratorTable, sharedGeneratorWindow } from "./generatorTables.js";

/**
 * G's table for the shared window (`sharedGeneratorWindow`) in SharedArrayBuffers, for the audit's
 * worker threads: made once, in the thread that starts them (built, or copied from the table this
 * thread already built), and this thread's own from then on. Each worker adopts it
 * (`adoptGeneratorTable`) instead of building its own, about 100 ms before its field code is warm.
 * In a thread that adopted a table, that table.
 *
 * @returns The table's description: in `workerData`, its buffers are shared, not copied.
 * {@link SharedGeneratorTable}
 * @example
 * new Worker(url, { workerData: { generatorTable: sharedGeneratorTable() } })
 */
export function sharedGeneratorTable(): SharedGeneratorTable {
  if (generatorTables.shared) return generatorTables.shared;
  const { w, windows, half, xs, ys } = generatorTable(sharedGeneratorWindow);
  const shared = { w, windows, half, xs: sharedCopy(xs), ys: sharedCopy(ys) };
  adoptGeneratorTable(shared);
  return shared;
}

/** `array`'s elements, copied into a SharedArrayBuffer of their size. */
function sharedCopy(array: Float64Array): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(array.byteLength);
  new Float64Array(buffer).set(array);
  return buffer;
}
