import { secp256k1 } from "@noble/curves/secp256k1.js";
import { expect, test, vi } from "vitest";
import { adoptGeneratorTable } from "./adoptGeneratorTable.js";
import { limbs, limbsToBigInt } from "./fieldLimbs.js";
import { N } from "./fieldP.js";
import { type FixedTable, fixedTable } from "./fixedTable.js";
import { generatorTable } from "./generatorTable.js";
import { generatorTables, sharedGeneratorWindow } from "./generatorTables.js";
import { sharedGeneratorTable } from "./sharedGeneratorTable.js";

const { Point } = secp256k1;

const pointOf = (table: FixedTable, index: number) => ({
  x: limbsToBigInt(table.xs, index * limbs),
  y: limbsToBigInt(table.ys, index * limbs),
});

/** This thread's table modules loaded afresh, with no table yet: what a new worker thread starts with. */
async function freshThread() {
  vi.resetModules();
  return {
    ...(await import("./adoptGeneratorTable.js")),
    ...(await import("./generatorTable.js")),
    ...(await import("./generatorTables.js")),
    ...(await import("./sharedGeneratorTable.js")),
  };
}

test("default: the table is m * 2^(wj) * G, checked against noble at every window", () => {
  const table = generatorTable(sharedGeneratorWindow);
  expect(table).toMatchObject({ w: 10, windows: 27, half: 512 });
  for (let j = 0; j < table.windows; j++)
    for (const m of [1, 2, 3, 255, 256, 511, 512])
      expect(pointOf(table, j * table.half + m - 1), `window ${j}, m ${m}`).toEqual(
        Point.BASE.multiply((BigInt(m) << BigInt(table.w * j)) % N).toAffine(),
      );
});

test("the shared table is the engine's builder's, element for element, in SharedArrayBuffers, and this thread's own", () => {
  const shared = sharedGeneratorTable();
  expect(shared).toMatchObject({ w: 10, windows: 27, half: 512 });
  expect(shared.xs).toBeInstanceOf(SharedArrayBuffer);
  expect(shared.ys).toBeInstanceOf(SharedArrayBuffer);
  const built = fixedTable(Point.BASE, sharedGeneratorWindow);
  expect(new Float64Array(shared.xs)).toEqual(built.xs);
  expect(new Float64Array(shared.ys)).toEqual(built.ys);
  // Made once: this thread's table reads the shared memory from then on.
  expect(sharedGeneratorTable()).toBe(shared);
  const table = generatorTable(sharedGeneratorWindow);
  expect(table.xs.buffer).toBe(shared.xs);
  expect(table.ys.buffer).toBe(shared.ys);
  expect(generatorTables.shared).toBe(shared);
});

test("a thread that adopts a shared table reads its memory: nothing built, nothing copied", async () => {
  const shared = sharedGeneratorTable();
  const thread = await freshThread();
  expect(thread.generatorTables.byWindow.size).toBe(0);
  thread.adoptGeneratorTable(shared);
  const table = thread.generatorTable(sharedGeneratorWindow);
  expect(table).toMatchObject({ w: 10, windows: 27, half: 512 });
  expect(table.xs.buffer).toBe(shared.xs);
  expect(table.ys.buffer).toBe(shared.ys);
  expect(thread.sharedGeneratorTable()).toBe(shared);
  // Any other window is built there, as before.
  const narrow = thread.generatorTable(4);
  expect(narrow).toMatchObject({ w: 4, windows: 65, half: 8 });
  expect(narrow.xs.buffer).not.toBeInstanceOf(SharedArrayBuffer);
  expect(pointOf(narrow, 8 * 3 + 5 - 1)).toEqual(Point.BASE.multiply(5n << 12n).toAffine());
});

test("a table the thread built before sharing is copied into the shared memory, not built again", async () => {
  const thread = await freshThread();
  const built = thread.generatorTable(sharedGeneratorWindow);
  expect(built.xs.buffer).not.toBeInstanceOf(SharedArrayBuffer);
  const shared = thread.sharedGeneratorTable();
  expect(new Float64Array(shared.xs)).toEqual(built.xs);
  expect(new Float64Array(shared.ys)).toEqual(built.ys);
  expect(thread.generatorTable(sharedGeneratorWindow).xs.buffer).toBe(shared.xs);
});

test("made once per thread; any other window is built", () => {
  expect(generatorTable(sharedGeneratorWindow)).toBe(generatorTable(sharedGeneratorWindow));
  expect(generatorTable(4)).toBe(generatorTable(4));
});

test("a shared table whose buffers do not hold its points is refused", () => {
  const shared = sharedGeneratorTable();
  expect(() => adoptGeneratorTable({ ...shared, half: 256 })).toThrowErrorMatchingInlineSnapshot(
    `[RangeError: the shared table of G holds 1216512 and 1216512 bytes, not 608256 (27 x 256 points)]`,
  );
  expect(() => adoptGeneratorTable({ ...shared, ys: new SharedArrayBuffer(8) })).toThrow(RangeError);
  expect(generatorTable(sharedGeneratorWindow).xs.buffer).toBe(shared.xs);
});
