import { secp256k1 } from "@noble/curves/secp256k1.js";
import { beforeAll, expect, test } from "vitest";
import { limbs, limbsToBigInt } from "./fieldLimbs.js";
import { N } from "./fieldP.js";
import { fixedTable } from "./fixedTable.js";
import { generatorTable, loadGeneratorTable } from "./generatorTable.js";
import { generatorTableWindow } from "./generatorTableData.js";

const { Point } = secp256k1;

beforeAll(loadGeneratorTable);
const pointOf = (table: ReturnType<typeof generatorTable>, index: number) => ({
  x: limbsToBigInt(table.xs, index * limbs),
  y: limbsToBigInt(table.ys, index * limbs),
});

test("default: the shipped table is m * 2^(wj) * G, checked against noble at every window", () => {
  const table = generatorTable(generatorTableWindow);
  expect(table).toMatchObject({ w: 10, windows: 27, half: 512 });
  for (let j = 0; j < table.windows; j++)
    for (const m of [1, 2, 3, 255, 256, 511, 512])
      expect(pointOf(table, j * table.half + m - 1), `window ${j}, m ${m}`).toEqual(
        Point.BASE.multiply((BigInt(m) << BigInt(table.w * j)) % N).toAffine(),
      );
});

test("the shipped table is every point the engine's builder makes", () => {
  const shipped = generatorTable(generatorTableWindow);
  const built = fixedTable(Point.BASE, generatorTableWindow);
  for (let i = 0; i < built.windows * built.half; i++) expect(pointOf(shipped, i)).toEqual(pointOf(built, i));
});

test("made once per thread; any other window is built", () => {
  expect(generatorTable(generatorTableWindow)).toBe(generatorTable(generatorTableWindow));
  const narrow = generatorTable(4);
  expect(narrow).toMatchObject({ w: 4, windows: 65, half: 8 });
  expect(pointOf(narrow, 8 * 3 + 5 - 1)).toEqual(Point.BASE.multiply(5n << 12n).toAffine());
});
