// Variable-base multiplication of a batch of points, with secp256k1's endomorphism.

import { copyLimbs, limbs, limbsFromBigInt, multiplyLimbs } from "./fieldLimbs.js";
import { N } from "./fieldP.js";
import { signedDigitsInto } from "./fixedTable.js";
import {
  addPoints,
  addTerms,
  doubleAll,
  failed,
  type PointBatch,
  pointLists,
  present,
  spareFloat64,
  sparePointBatch,
} from "./pointBatch.js";

// phi(x, y) = (beta * x, y) = lambda * (x, y), and a reduced basis of the lattice
// {(a, b): a + b * lambda = 0 mod n}, as libsecp256k1 and noble use them.
const beta = 0x7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501een;
/** The eigenvalue of phi: lambda * (x, y) = (beta * x, y). */
export const lambda = 0x5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72n;
const a1 = 0x3086d221a7d46bcde86c90e49284eb15n;
const b1 = -0xe4437ed6010e88286f547fa90abfe4c3n;
const a2 = 0x114ca50f7a8e2f3f657c1108d9d44cfd8n;
const b2 = a1;
const betaLimbs = new Float64Array(limbs);
limbsFromBigInt(beta, betaLimbs, 0);
const divNearest = (num: bigint, den: bigint) => (num + (num >= 0n ? den : -den) / 2n) / den;

/** Splits k (0 <= k < n) into k1 + k2 * lambda = k (mod n), with |k1| and |k2| below 2^128. */
export function splitScalar(k: bigint): { k1: bigint; k2: bigint } {
  const c1 = divNearest(b2 * k, N);
  const c2 = divNearest(-b1 * k, N);
  return { k1: k - c1 * a1 - c2 * a2, k2: -c1 * b1 - c2 * b2 };
}

// Signed 4-bit windows over the 128-bit halves: 8 multiples of each point, 33 windows.
const w = 4;
const windows = Math.ceil(128 / w) + 1;
const multiplesCount = 1 << (w - 1);
// Per entry: its 8 multiples m * R, then their images phi(m * R), 16 points in a row.
const perEntry = 2 * multiplesCount;

/**
 * `scalars[i]` times point i for every present entry of `points`; the others stay empty. With
 * the endomorphism, k = k1 + k2 * lambda, so k * R = k1 * R + k2 * phi(R) with half-length k1
 * and k2, walked together in signed 4-bit windows from the top (132 doublings, not 256), every
 * entry in step so each step shares one inversion. Each step reads its points from the entries'
 * multiples (m * R and phi(m * R) = (beta * x, y), for m in 1..8, computed once). An entry that
 * meets a special case is failed. The products are in this thread's spare memory: valid until
 * the next call.
 */
export function multiplyPoints(points: PointBatch, scalars: readonly bigint[]): PointBatch {
  const count = points.count;
  // multiples[m - 1] holds m * R for every entry, m in 1..8.
  const multiples: PointBatch[] = [points];
  const copy = (from: PointBatch, m: number) => {
    const to = sparePointBatch(`multiple${m}`, count);
    to.xs.set(from.xs);
    to.ys.set(from.ys);
    to.state.set(from.state);
    return to;
  };
  const doubled = copy(points, 2);
  doubleAll(doubled);
  multiples.push(doubled);
  const base = { xs: points.xs, ys: points.ys, has: points.state.map((s) => (s === present ? 1 : 0)) };
  for (let m = 3; m <= multiplesCount; m++) {
    const next = copy(multiples[m - 2] as PointBatch, m);
    addTerms(next, base);
    multiples.push(next);
  }
  // All of an entry's multiples side by side (the walk reads them where they are), and whether
  // each is usable: a multiple that met a special case gives its entry up if a digit needs it.
  const mx = spareFloat64("multiples.xs", count * perEntry * limbs);
  const my = spareFloat64("multiples.ys", count * perEntry * limbs);
  const usable = new Uint8Array(count * multiplesCount);
  for (let i = 0; i < count; i++) {
    if (points.state[i] !== present) continue;
    for (let m = 0; m < multiplesCount; m++) {
      const multiple = multiples[m] as PointBatch;
      if (multiple.state[i] !== present) continue;
      usable[i * multiplesCount + m] = 1;
      const o = (i * perEntry + m) * limbs;
      const phi = o + multiplesCount * limbs;
      copyLimbs(mx, o, multiple.xs, i * limbs);
      copyLimbs(my, o, multiple.ys, i * limbs);
      multiplyLimbs(mx, phi, multiple.xs, i * limbs, betaLimbs, 0);
      copyLimbs(my, phi, multiple.ys, i * limbs);
    }
  }
  // Digits of |k1| and |k2|, and whether each half is negative.
  const digits = [new Int32Array(count * windows), new Int32Array(count * windows)] as const;
  const negative = [new Uint8Array(count), new Uint8Array(count)] as const;
  for (let i = 0; i < count; i++) {
    if (points.state[i] !== present) continue;
    const { k1, k2 } = splitScalar(scalars[i] as bigint);
    for (const [h, k] of [k1, k2].entries()) {
      (negative[h] as Uint8Array)[i] = k < 0n ? 1 : 0;
      signedDigitsInto(k < 0n ? -k : k, w, windows, digits[h] as Int32Array, i * windows);
    }
  }
  const sums = sparePointBatch("walk", count);
  const { index, offsets, negate } = pointLists(count);
  for (let j = windows - 1; j >= 0; j--) {
    for (let d = 0; d < w; d++) doubleAll(sums);
    for (let h = 0; h < 2; h++) {
      const halfDigits = digits[h] as Int32Array;
      const halfNegative = negative[h] as Uint8Array;
      let listed = 0;
      for (let i = 0; i < count; i++) {
        // Digits are 0 for an entry without a point, so it never takes a term.
        const digit = halfDigits[i * windows + j] as number;
        if (digit === 0) continue;
        const m = (digit < 0 ? -digit : digit) - 1;
        if (usable[i * multiplesCount + m] === 0) {
          sums.state[i] = failed;
          continue;
        }
        index[listed] = i;
        offsets[listed] = (i * perEntry + h * multiplesCount + m) * limbs;
        // The sign of the digit and of the half.
        negate[listed] = digit < 0 !== (halfNegative[i] === 1) ? 1 : 0;
        listed++;
      }
      if (listed > 0) addPoints(sums, listed, index, mx, my, offsets, negate);
    }
  }
  for (let i = 0; i < count; i++) if (points.state[i] !== present) sums.state[i] = points.state[i] as number;
  return sums;
}
