import { secp256k1 } from "@noble/curves/secp256k1.js";
import { expect, test } from "vitest";
import {
  isZeroLimbs,
  limbs,
  limbsFromBigInt,
  limbsParity,
  limbsToBigInt,
  multiplyLimbs,
  negateLimbs,
  normalizeLimbs,
  sqrtP,
  subtractLimbs,
} from "./fieldLimbs.js";
import { P } from "./fieldP.js";

const { Fp } = secp256k1.Point;
const edges = [
  0n,
  1n,
  2n,
  7n,
  P - 1n,
  P - 2n,
  2n ** 255n,
  2n ** 256n - 1n - P,
  0x1000003d1n,
  P / 3n,
  2n ** 24n - 1n,
];
const mod = (v: bigint) => ((v % P) + P) % P;
const limbValue = (a: Float64Array) => a.reduceRight((sum, limb) => sum * 2n ** 24n + BigInt(limb), 0n);
const fromValue = (v: bigint) => {
  const a = new Float64Array(limbs);
  limbsFromBigInt(v, a, 0);
  return a;
};
/** Whether every limb is in [-2^23, 2^23] (limb 3 up to 2^10 more), the bound fieldLimbs.ts states. */
const reduced = (a: Float64Array) =>
  a.every((limb, i) => Math.abs(limb) <= 2 ** 23 + (i === 3 ? 2 ** 10 : 0));
// A deterministic stream of limbs in [-bound, bound], extremes included.
let seed = 0x2545f491;
const next = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};
const limbsWithin = (bound: number, extreme: number) =>
  Float64Array.from({ length: limbs }, (_, i) =>
    extreme === 1 ? bound : extreme === 2 ? (i % 2 ? -bound : bound) : Math.round((next() * 2 - 1) * bound),
  );

test("limbsFromBigInt and limbsToBigInt: exact round trips, reduced limbs, and the value's parity", () => {
  for (const v of [...edges, P, 2n ** 256n - 1n]) {
    const a = fromValue(v);
    expect(reduced(a)).toBe(true);
    expect(limbValue(a)).toBe(v);
    expect(limbsToBigInt(a, 0)).toBe(mod(v));
    expect(limbsParity(a, 0)).toBe(Number(mod(v) & 1n));
    expect(isZeroLimbs(a, 0)).toBe(mod(v) === 0n);
  }
  // Negative and unreduced limbs read back as the value mod p; an offset is honoured.
  const a = new Float64Array(limbs + 3);
  a.set([-5, 2 ** 30, -(2 ** 29)], 3);
  expect(limbsToBigInt(a, 3)).toBe(mod(-5n + 2n ** 30n * 2n ** 24n - 2n ** 29n * 2n ** 48n));
  for (const outside of [2n ** 256n, 2n ** 264n, -1n])
    expect(() => limbsFromBigInt(outside, new Float64Array(limbs), 0)).toThrow(RangeError);
});

test("multiplyLimbs: the product mod p, reduced, at the edges and at the largest allowed limbs", () => {
  const cases: [Float64Array, Float64Array][] = [];
  for (const x of edges) for (const y of edges) cases.push([fromValue(x), fromValue(y)]);
  // |a_i * b_j| <= 2^48.5: a reduced factor times four reduced values, signs mixed, at the limits.
  for (let k = 0; k < 3000; k++)
    cases.push([limbsWithin(2 ** 23 + 2 ** 10, k % 7), limbsWithin(4 * (2 ** 23 + 2 ** 10), (k >> 3) % 5)]);
  for (const [a, b] of cases) {
    const out = new Float64Array(limbs);
    multiplyLimbs(out, 0, a, 0, b, 0);
    expect(mod(limbValue(out))).toBe(mod(limbValue(a) * limbValue(b)));
    expect(reduced(out)).toBe(true);
  }
  // In place, and at offsets.
  const both = new Float64Array(3 * limbs);
  limbsFromBigInt(P - 3n, both, limbs);
  limbsFromBigInt(P - 5n, both, 2 * limbs);
  multiplyLimbs(both, limbs, both, limbs, both, 2 * limbs);
  expect(limbsToBigInt(both, limbs)).toBe(15n);
});

test("subtractLimbs, negateLimbs and normalizeLimbs keep the value mod p; normalize reduces limbs up to 2^50", () => {
  const a = fromValue(5n);
  const b = fromValue(P - 1n);
  const out = new Float64Array(limbs);
  subtractLimbs(out, 0, a, 0, b, 0);
  expect(limbsToBigInt(out, 0)).toBe(6n);
  negateLimbs(out, 0, a, 0);
  expect(limbsToBigInt(out, 0)).toBe(P - 5n);
  for (let k = 0; k < 2000; k++) {
    const big = limbsWithin(2 ** 50 - 1, k % 9);
    const before = mod(limbValue(big));
    normalizeLimbs(big, 0);
    expect(mod(limbValue(big))).toBe(before);
    expect(reduced(big)).toBe(true);
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
