import { expect, test } from "vitest";
import { invertAll, N, P } from "./fieldP.js";

test("invertAll: every value's inverse, mod p and mod n", () => {
  for (const m of [P, N]) {
    const list = [1n, 2n, m - 1n, 12345n, m / 3n];
    expect(invertAll(list, m).map((inverse, i) => (inverse * (list[i] as bigint)) % m)).toEqual(
      list.map(() => 1n),
    );
  }
  expect(invertAll([], P)).toEqual([]);
});
