import { secp256k1 } from "@noble/curves/secp256k1.js";
import { expect, test } from "vitest";
import { foldP, invertAll, modP, N, P, sqrtP } from "./fieldP.js";

const { Fp } = secp256k1.Point;
const values = [0n, 1n, 2n, 7n, P - 1n, P - 2n, 2n ** 255n, 2n ** 256n - 1n - P, 0x1000003d1n, P / 3n];

test("modP: the remainder of every product up to 2^700, edges included", () => {
  const inputs = [
    0n,
    P,
    P - 1n,
    P + 1n,
    2n * P - 1n,
    (P - 1n) * (P - 1n),
    2n ** 512n - 1n,
    (P - 1n) ** 2n * 3n * 2n ** 80n,
    2n ** 700n - 1n,
    ...values.flatMap((a) => values.map((b) => a * b)),
  ];
  for (const z of inputs) expect(modP(z)).toBe(z % P);
});

test("foldP: congruent to z and below 2^338, so its product with a reduced value is in modP's range", () => {
  for (const z of [0n, P, (P - 1n) ** 2n, 2n ** 560n - 1n, 2n ** 512n + 12345n]) {
    const folded = foldP(z);
    expect(folded % P).toBe(z % P);
    expect(folded < 2n ** 338n).toBe(true);
    expect(modP(folded * folded)).toBe((z * z) % P);
  }
});

test("sqrtP: noble's root with the asked parity, and undefined for a non-square", () => {
  let squares = 0;
  let others = 0;
  for (let k = 1n; k < 200n; k++) {
    const a = (k * 0x9e3779b97f4a7c15n * 0x1234567n) % P;
    let expected: bigint | undefined;
    try {
      expected = Fp.sqrt(a);
    } catch {
      expected = undefined;
    }
    for (const parity of [0, 1] as const) {
      const root = sqrtP(a, parity);
      if (expected === undefined) {
        expect(root).toBeUndefined();
        others++;
        continue;
      }
      squares++;
      expect(root === expected || root === P - expected).toBe(true);
      expect(Number((root as bigint) & 1n)).toBe(parity);
    }
  }
  // Both kinds were met; 0 is its own root.
  expect(squares > 50 && others > 50).toBe(true);
  expect(sqrtP(0n, 0)).toBe(0n);
  expect(sqrtP(0n, 1)).toBe(0n);
});

test("invertAll: every value's inverse, mod p and mod n", () => {
  for (const m of [P, N]) {
    const list = [1n, 2n, m - 1n, 12345n, m / 3n];
    expect(invertAll(list, m).map((inverse, i) => (inverse * (list[i] as bigint)) % m)).toEqual(
      list.map(() => 1n),
    );
  }
  expect(invertAll([], P)).toEqual([]);
});
