// Many secp256k1 points at once, in affine coordinates, one per signature: every addition or
// doubling needs a field inversion, and Montgomery's trick turns those of a whole batch into one
// inversion and three multiplications each. All arithmetic is exact (BigInts modulo p); nothing
// is probabilistic. Coordinates live in plain arrays (no object per point) because allocation is
// most of what a BigInt operation costs. Wherever a step would need a special case (a point plus
// itself or its negation), the entry is marked failed, and its caller falls back to noble's own
// single-signature path, so the special cases never need to be right here.
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { foldP, modP, P } from "./fieldP.js";

const { Fp } = secp256k1.Point;

/** An entry's state: no point yet (the sum is still empty), a point, or given up. */
export const empty = 0;
export const present = 1;
export const failed = 2;

/** A point per entry: (xs[i], ys[i]) when state[i] is `present`. */
export type PointBatch = {
  readonly count: number;
  readonly xs: bigint[];
  readonly ys: bigint[];
  readonly state: Uint8Array;
  /** Reused by every step: which entries take part, their denominators and prefix products. */
  readonly scratch: { index: Int32Array; denominators: bigint[]; prefixes: bigint[] };
};

/** Points to add to a batch: entry i takes (xs[i], ys[i]) when has[i] is 1. */
export type PointTerms = { readonly xs: bigint[]; readonly ys: bigint[]; readonly has: Uint8Array };

/** A batch of `count` empty entries. */
export function createPointBatch(count: number): PointBatch {
  return {
    count,
    xs: new Array<bigint>(count).fill(0n),
    ys: new Array<bigint>(count).fill(0n),
    state: new Uint8Array(count),
    scratch: {
      index: new Int32Array(count),
      denominators: new Array<bigint>(count).fill(0n),
      prefixes: new Array<bigint>(count).fill(0n),
    },
  };
}

/** Room for one term per entry, all absent. */
export function createPointTerms(count: number): PointTerms {
  return {
    xs: new Array<bigint>(count).fill(0n),
    ys: new Array<bigint>(count).fill(0n),
    has: new Uint8Array(count),
  };
}

/**
 * Adds each present term to its entry, all with one inversion. An empty entry takes the term as
 * it is; a failed one is skipped; a point plus itself or its negation fails the entry.
 */
export function addTerms(batch: PointBatch, terms: PointTerms): void {
  const { xs, ys, state, count } = batch;
  const { index, denominators, prefixes } = batch.scratch;
  let m = 0;
  let product = 1n;
  for (let i = 0; i < count; i++) {
    if (terms.has[i] === 0) continue;
    const s = state[i];
    if (s === failed) continue;
    const tx = terms.xs[i] as bigint;
    if (s === empty) {
      xs[i] = tx;
      ys[i] = terms.ys[i] as bigint;
      state[i] = present;
      continue;
    }
    let d = tx - (xs[i] as bigint);
    if (d < 0n) d += P;
    if (d === 0n) {
      state[i] = failed;
      continue;
    }
    index[m] = i;
    denominators[m] = d;
    prefixes[m] = product;
    product = modP(product * d);
    m++;
  }
  if (m === 0) return;
  let inverse = Fp.inv(product);
  for (let k = m - 1; k >= 0; k--) {
    const i = index[k] as number;
    // Half-reduced (foldP) where a value only feeds one more product: below 2^338 each, so
    // lambda^2 stays below 2^676, inside modP's range.
    const dInverse = foldP(inverse * (prefixes[k] as bigint));
    inverse = modP(inverse * (denominators[k] as bigint));
    const ax = xs[i] as bigint;
    const ay = ys[i] as bigint;
    let dy = (terms.ys[i] as bigint) - ay;
    if (dy < 0n) dy += P;
    const lambda = foldP(dy * dInverse);
    let x = modP(lambda * lambda) - ax - (terms.xs[i] as bigint);
    while (x < 0n) x += P;
    let dx = ax - x;
    if (dx < 0n) dx += P;
    let y = modP(lambda * dx) - ay;
    if (y < 0n) y += P;
    xs[i] = x;
    ys[i] = y;
  }
}

/** Doubles every present entry with one inversion (secp256k1 has no point of order 2). */
export function doubleAll(batch: PointBatch): void {
  const { xs, ys, state, count } = batch;
  const { index, denominators, prefixes } = batch.scratch;
  let m = 0;
  let product = 1n;
  for (let i = 0; i < count; i++) {
    if (state[i] !== present) continue;
    let d = (ys[i] as bigint) << 1n;
    if (d >= P) d -= P;
    index[m] = i;
    denominators[m] = d;
    prefixes[m] = product;
    product = modP(product * d);
    m++;
  }
  if (m === 0) return;
  let inverse = Fp.inv(product);
  for (let k = m - 1; k >= 0; k--) {
    const i = index[k] as number;
    const dInverse = foldP(inverse * (prefixes[k] as bigint));
    inverse = modP(inverse * (denominators[k] as bigint));
    const ax = xs[i] as bigint;
    // 3 * ax^2 (below 2^258) times dInverse (below 2^290): below 2^560, then one fold.
    const lambda = foldP(modP(ax * ax) * 3n * dInverse);
    let x = modP(lambda * lambda) - (ax << 1n);
    while (x < 0n) x += P;
    let dx = ax - x;
    if (dx < 0n) dx += P;
    let y = modP(lambda * dx) - (ys[i] as bigint);
    if (y < 0n) y += P;
    xs[i] = x;
    ys[i] = y;
  }
}
