import { secp256k1 } from "@noble/curves/secp256k1.js";
import { expect, test } from "vitest";
import {
  canonicalLimbs,
  canonicalToBytes,
  invertLimbs,
  limbs,
  limbsFromBigInt,
  limbsFromBytes,
  limbsToBigInt,
  multiplyLimbs,
  normalizeLimbs,
  sqrtLimbs,
  squareLimbs,
} from "./fieldLimbs.js";
import { P } from "./fieldP.js";
import {
  multiplyDifferenceLimbs,
  multiplyDifferenceMinusLimbs,
  multiplySumLimbs,
  squareMinusLimbs,
} from "./multiplyLimbs.js";

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

test("normalizeLimbs keeps the value mod p and reduces limbs up to 2^50", () => {
  for (let k = 0; k < 2000; k++) {
    const big = limbsWithin(2 ** 50 - 1, k % 9);
    const before = mod(limbValue(big));
    normalizeLimbs(big, 0);
    expect(mod(limbValue(big))).toBe(before);
    expect(reduced(big)).toBe(true);
  }
});

test("the product's variants: squares, and sums and differences folded into a product, reduced", () => {
  const values = [
    ...edges,
    ...Array.from({ length: 300 }, () => BigInt(Math.floor(next() * 2 ** 52)) ** 5n % P),
  ];
  for (let k = 0; k < 600; k++) {
    const [a, b, c, d] = [0, 1, 2, 3].map((j) => values[(k * 7 + j * 13) % values.length] as bigint) as [
      bigint,
      bigint,
      bigint,
      bigint,
    ];
    const all = new Float64Array(4 * limbs);
    [a, b, c, d].forEach((v, j) => {
      limbsFromBigInt(v, all, j * limbs);
    });
    const out = new Float64Array(limbs);
    const check = (expected: bigint) => {
      expect(mod(limbValue(out))).toBe(mod(expected));
      expect(reduced(out)).toBe(true);
    };
    squareLimbs(out, 0, all, 0);
    check(a * a);
    squareMinusLimbs(out, 0, all, 0, all, limbs, all, 2 * limbs);
    check(a * a - b - c);
    multiplyDifferenceLimbs(out, 0, all, 0, all, limbs, all, 2 * limbs);
    check(a * (b - c));
    multiplySumLimbs(out, 0, all, 0, all, limbs, all, 2 * limbs);
    check(a * (b + c));
    multiplyDifferenceMinusLimbs(out, 0, all, 0, all, limbs, all, 2 * limbs, all, 3 * limbs);
    check(a * (b - c) - d);
  }
  // A square of the largest sum of two reduced values, and in place.
  for (let k = 0; k < 2000; k++) {
    const a = limbsWithin(2 * (2 ** 23 + 2 ** 10), k % 7);
    const expected = mod(limbValue(a) ** 2n);
    squareLimbs(a, 0, a, 0);
    expect(mod(limbValue(a))).toBe(expected);
  }
});

test("canonicalLimbs: the value in [0, p) in limbs of [0, 2^24), whatever the limbs held; bytes both ways", () => {
  const out = new Float64Array(limbs);
  const bytes = new Uint8Array(33);
  for (const v of [...edges, P, P + 1n, 2n ** 256n - 1n]) {
    const a = fromValue(v);
    canonicalLimbs(out, 0, a, 0);
    expect(limbValue(out)).toBe(mod(v));
    expect(out.every((limb) => limb >= 0 && limb < 2 ** 24)).toBe(true);
    canonicalToBytes(out, 0, bytes, 1);
    expect(BigInt(`0x${Buffer.from(bytes.subarray(1)).toString("hex")}`)).toBe(mod(v));
    // From big-endian bytes (any value below 2^256), reduced.
    bytes.set(Buffer.from(v.toString(16).padStart(64, "0").slice(-64), "hex"), 1);
    limbsFromBytes(bytes, 1, out, 0);
    expect(reduced(out)).toBe(true);
    expect(limbValue(out)).toBe(v % 2n ** 256n);
  }
  // Negative values, and limbs far from reduced: -p, -1, a multiple of p plus 2.
  for (let k = 0; k < 3000; k++) {
    const a = limbsWithin(2 ** 49, k % 9);
    canonicalLimbs(out, 0, a, 0);
    expect(limbValue(out)).toBe(mod(limbValue(a)));
  }
  for (const v of [-P, -1n, 7n * P + 2n]) {
    const a = new Float64Array(limbs);
    let rest = v;
    for (let i = 0; i < limbs; i++) {
      const limb = i === limbs - 1 ? rest : ((rest % 2n ** 24n) + 2n ** 24n) % 2n ** 24n;
      a[i] = Number(limb);
      rest = (rest - limb) / 2n ** 24n;
    }
    expect(limbValue(a)).toBe(v);
    canonicalLimbs(out, 0, a, 0);
    expect(limbValue(out)).toBe(mod(v));
  }
});

test("invertLimbs and sqrtLimbs: noble's inverse, and a root whenever there is one", () => {
  const out = new Float64Array(limbs);
  let squares = 0;
  let others = 0;
  for (let k = 1n; k < 200n; k++) {
    const v = (k * 0x9e3779b97f4a7c15n * 0x1234567n) % P;
    const a = fromValue(v);
    invertLimbs(out, 0, a, 0);
    expect(mod(limbValue(out))).toBe(Fp.inv(v));
    sqrtLimbs(out, 0, a, 0);
    const root = mod(limbValue(out));
    let expected: bigint | undefined;
    try {
      expected = Fp.sqrt(v);
    } catch {
      expected = undefined;
    }
    if (expected === undefined) {
      // No root: what comes out does not square back to it.
      expect((root * root) % P).not.toBe(v);
      others++;
    } else {
      expect(root === expected || root === P - expected).toBe(true);
      squares++;
    }
  }
  expect(squares > 50 && others > 50).toBe(true);
  // 0: inverse and root 0.
  invertLimbs(out, 0, fromValue(0n), 0);
  expect(mod(limbValue(out))).toBe(0n);
});
