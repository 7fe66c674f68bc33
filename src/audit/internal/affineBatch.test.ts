import { secp256k1 } from "@noble/curves/secp256k1.js";
import { expect, test } from "vitest";
import {
  type Affine,
  addAll,
  addFixedMultiples,
  doubleAll,
  fixedTable,
  invertAll,
  lambda,
  multiplyAll,
  N,
  P,
  signedDigits,
  splitScalar,
} from "./affineBatch.js";

const { Point } = secp256k1;
const affine = (k: bigint): Affine => Point.BASE.multiply(k).toAffine();
const scalars = [1n, 2n, 3n, 255n, 256n, 2n ** 128n + 5n, N - 1n, N - 2n, (N * 2n) / 3n, 0x1234567890abcdefn];

test("invertAll: every value's inverse, mod p and mod n", () => {
  for (const m of [P, N]) {
    const values = [1n, 2n, m - 1n, 12345n, m / 3n];
    expect(invertAll(values, m).map((inverse, i) => (inverse * (values[i] as bigint)) % m)).toEqual(
      values.map(() => 1n),
    );
  }
});

test("signedDigits: digits in range that sum back to the scalar", () => {
  for (const w of [4, 8, 12])
    for (const k of scalars) {
      const windows = Math.ceil(256 / w) + 1;
      const digits = signedDigits(k, w, windows);
      expect([...digits].every((d) => d >= -(1 << (w - 1)) && d < 1 << (w - 1))).toBe(true);
      expect([...digits].reduceRight((sum, d) => sum * (1n << BigInt(w)) + BigInt(d), 0n)).toBe(k);
    }
  expect(() => signedDigits(2n ** 40n, 4, 5)).toThrow(RangeError);
});

test("addAll and doubleAll agree with noble; P + P and P + (-P) fail the entry", () => {
  const a = scalars.map(affine);
  const b = scalars.map((k) => affine((k * 7n) % N));
  const sums: (Affine | undefined)[] = a.slice();
  const failed = a.map(() => false);
  addAll(sums, b, failed);
  expect(sums).toEqual(scalars.map((k) => affine((k * 8n) % N)));
  const doubled: (Affine | undefined)[] = a.slice();
  doubleAll(doubled, failed);
  expect(doubled).toEqual(scalars.map((k) => affine((k * 2n) % N)));
  const same = [a[0], a[1], undefined];
  const failing = [false, false, false];
  addAll(same, [a[0], { x: (a[1] as Affine).x, y: P - (a[1] as Affine).y }, a[2]], failing);
  expect(failing).toEqual([true, true, false]);
  expect(same[2]).toEqual(a[2]);
});

test("fixedTable: every entry is m * 2^(wj) * B", () => {
  const base = Point.BASE.multiply(424242n);
  for (const w of [2, 4, 5]) {
    const table = fixedTable(base, w);
    for (let j = 0; j < table.windows; j++)
      for (let m = 1; m <= table.half; m++)
        expect({ x: table.xs[j * table.half + m - 1], y: table.ys[j * table.half + m - 1] }).toEqual(
          base.multiply((BigInt(m) << BigInt(w * j)) % N).toAffine(),
        );
  }
});

test("a fixed table's multiples and a variable-base walk give noble's products", () => {
  const base = Point.BASE.multiply(987654321n);
  const table = fixedTable(base, 8);
  const sums = new Array<Affine | undefined>(scalars.length);
  const failed = scalars.map(() => false);
  addFixedMultiples(sums, table, scalars, failed);
  expect(sums).toEqual(scalars.map((k) => base.multiply(k).toAffine()));
  expect(failed.every((f) => !f)).toBe(true);
  const points = scalars.map((k) => affine((k + 11n) % N));
  const factors = scalars.map((k) => (k * 3n) % N);
  const walkFailed = scalars.map(() => false);
  const products = multiplyAll(points, factors, walkFailed);
  for (const [i, point] of points.entries())
    if (!walkFailed[i])
      expect(products[i]).toEqual(
        Point.fromAffine(point)
          .multiply(factors[i] as bigint)
          .toAffine(),
      );
  // Scalars next to n (-1, -2, ...) can end the walk adding -P to P: a special case it gives up
  // on (the caller recovers that one signature with noble). The ordinary ones never do.
  expect(walkFailed.slice(0, 6)).toEqual([false, false, false, false, false, false]);
  expect(walkFailed.filter(Boolean).length).toBeLessThanOrEqual(2);
});

test("splitScalar: k1 + k2 * lambda = k mod n, both halves under 2^128", () => {
  for (const k of [...scalars, 0n, lambda, N - lambda]) {
    const { k1, k2 } = splitScalar(k);
    expect((((k1 + k2 * lambda) % N) + N) % N).toBe(k % N);
    expect(k1 < 2n ** 128n && -k1 < 2n ** 128n && k2 < 2n ** 128n && -k2 < 2n ** 128n).toBe(true);
  }
  // lambda is phi's eigenvalue: lambda * G = (beta * Gx, Gy).
  const { x, y } = Point.BASE.toAffine();
  expect(Point.BASE.multiply(lambda).toAffine()).toEqual({
    x: (0x7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501een * x) % P,
    y,
  });
});
