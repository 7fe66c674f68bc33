// Multiples of a fixed point, so that a scalar times it is a sum of table points with no doubling.
import type { secp256k1 } from "@noble/curves/secp256k1.js";
import { copyLimbs, limbs, limbsFromBigInt } from "./fieldLimbs.js";
import {
  addPoints,
  doubleAll,
  type PointBatch,
  pointLists,
  present,
  spareInt32,
  sparePointBatch,
} from "./pointBatch.js";

type ProjectivePoint = InstanceType<typeof secp256k1.Point>;

/**
 * For window j and m in 1..2^(w-1), the affine point m * 2^(wj) * B at index j * half + m - 1
 * (its limbs at 11 times that index in xs and ys). A scalar is then a sum of one table point per
 * nonzero signed digit.
 */
export type FixedTable = {
  readonly w: number;
  readonly windows: number;
  readonly half: number;
  readonly xs: Float64Array;
  readonly ys: Float64Array;
};

/**
 * Writes `k` in signed base-2^w digits, least significant first, each in [-2^(w-1), 2^(w-1)),
 * at `out[at..at + windows)`. The bits are read off the scalar's hex string, four at a time from
 * its end: one BigInt operation per scalar instead of three per window (each of which allocates).
 *
 * @throws RangeError when k is negative, does not fit in `windows` digits, or w is not in 2..24 (one bit has no
 * signed digits: a carry out of every window).
 */
export function signedDigitsInto(k: bigint, w: number, windows: number, out: Int32Array, at: number): void {
  if (!(w >= 2 && w <= 24)) throw new RangeError("the window width must be 2 to 24 bits");
  if (k < 0n) throw new RangeError("a negative scalar has no digits here");
  const full = 1 << w;
  const half = 1 << (w - 1);
  const mask = full - 1;
  const hex = k.toString(16);
  // The unread hex digits are hex[0..next); `pending` holds `bits` bits read but not yet used
  // (fewer than w + 4, so below 2^28).
  let next = hex.length;
  let pending = 0;
  let bits = 0;
  let carry = 0;
  for (let j = 0; j < windows; j++) {
    while (bits < w && next > 0) {
      // toString(16) writes lowercase: 0-9 are 48-57, a-f are 97-102.
      const code = hex.charCodeAt(--next);
      pending |= (code <= 57 ? code - 48 : code - 87) << bits;
      bits += 4;
    }
    let digit = (pending & mask) + carry;
    pending >>>= w;
    bits = Math.max(0, bits - w);
    carry = digit >= half ? 1 : 0;
    if (carry) digit -= full;
    out[at + j] = digit;
  }
  if (next > 0 || pending !== 0 || carry !== 0) throw new RangeError("scalar too large for the window count");
}

/** `k`'s signed digits as {@link signedDigitsInto} writes them. */
export function signedDigits(k: bigint, w: number, windows: number): Int32Array {
  const out = new Int32Array(windows);
  signedDigitsInto(k, w, windows, out, 0);
  return out;
}

/**
 * Builds the table of `base` (w = 12: 23 windows of 2,048 points, about 8 MB), all windows at
 * once: the multiples m in (2^(k-1), 2^k] come from those below, the even ones by doubling m/2,
 * then the odd ones by adding the window's base to m - 1, so each of the about 2w steps shares
 * one inversion across every window. m * 2^(wj) is never a multiple of the prime n, so no point
 * is at infinity and no addition meets a special case.
 */
export function fixedTable(base: ProjectivePoint, w: number): FixedTable {
  const half = 1 << (w - 1);
  const windows = Math.ceil(256 / w) + 1;
  const xs = new Float64Array(windows * half * limbs);
  const ys = new Float64Array(windows * half * limbs);
  const at = (j: number, m: number) => (j * half + m - 1) * limbs;
  let b = base;
  for (let j = 0; j < windows; j++) {
    const { x, y } = b.toAffine();
    limbsFromBigInt(x, xs, at(j, 1));
    limbsFromBigInt(y, ys, at(j, 1));
    for (let d = 0; d < w; d++) b = b.double();
  }
  // One step: for every listed m and every window, table(m) = f(table(source(m))).
  const step = (ms: number[], source: (m: number) => number, apply: (batch: PointBatch) => void) => {
    // The thread's spare memory: a fresh batch per step would be megabytes for the collector.
    const batch = sparePointBatch("table.step", ms.length * windows);
    ms.forEach((m, k) => {
      for (let j = 0; j < windows; j++) {
        const i = k * windows + j;
        copyLimbs(batch.xs, i * limbs, xs, at(j, source(m)));
        copyLimbs(batch.ys, i * limbs, ys, at(j, source(m)));
        batch.state[i] = present;
      }
    });
    apply(batch);
    ms.forEach((m, k) => {
      for (let j = 0; j < windows; j++) {
        const i = k * windows + j;
        if (batch.state[i] !== present) throw new Error("a table step met a special case");
        copyLimbs(xs, at(j, m), batch.xs, i * limbs);
        copyLimbs(ys, at(j, m), batch.ys, i * limbs);
      }
    });
  };
  for (let top = 2, done = 1; done < half; top *= 2) {
    const ms: number[] = [];
    for (let m = done + 1; m <= Math.min(top, half); m++) ms.push(m);
    step(
      ms.filter((m) => m % 2 === 0),
      (m) => m / 2,
      doubleAll,
    );
    const odds = ms.filter((m) => m % 2 === 1);
    step(
      odds,
      (m) => m - 1,
      (batch) => {
        // Each entry takes its window's base, read from the table itself.
        const { index, offsets, negate } = pointLists(batch.count);
        for (let i = 0; i < batch.count; i++) {
          index[i] = i;
          offsets[i] = at(i % windows, 1);
          negate[i] = 0;
        }
        addPoints(batch, batch.count, index, xs, ys, offsets, negate);
      },
    );
    done = Math.min(top, half);
  }
  return { w, windows, half, xs, ys };
}

/**
 * Adds to every entry not failed `scalars[i] * B`, B the table's base, one window at a time across
 * all entries (one inversion per window), each step reading its points from the table. An
 * undefined scalar adds nothing.
 */
export function addTableMultiples(
  batch: PointBatch,
  table: FixedTable,
  scalars: readonly (bigint | undefined)[],
): void {
  const { w, windows } = table;
  const count = batch.count;
  const digits = spareInt32("multiples.digits", count * windows);
  digits.fill(0);
  for (let i = 0; i < count; i++) {
    const k = scalars[i];
    if (k !== undefined) signedDigitsInto(k, w, windows, digits, i * windows);
  }
  addTableDigits(batch, table, digits);
}

/**
 * Adds to every entry not failed the table's point for each of its digits: entry i's digits are
 * digits[i * windows .. (i + 1) * windows), as {@link signedDigitsInto} writes them.
 */
export function addTableDigits(batch: PointBatch, table: FixedTable, digits: Int32Array): void {
  const { windows, half, xs, ys } = table;
  const { index, offsets, negate } = pointLists(batch.count);
  const count = batch.count;
  for (let j = 0; j < windows; j++) {
    let listed = 0;
    for (let i = 0; i < count; i++) {
      const digit = digits[i * windows + j] as number;
      if (digit === 0) continue;
      index[listed] = i;
      offsets[listed] = (j * half + (digit < 0 ? -digit : digit) - 1) * limbs;
      negate[listed] = digit < 0 ? 1 : 0;
      listed++;
    }
    if (listed > 0) addPoints(batch, listed, index, xs, ys, offsets, negate);
  }
}
