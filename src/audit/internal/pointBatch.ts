// Many secp256k1 points at once, in affine coordinates, one per signature: every addition or
// doubling needs a field inversion, and Montgomery's trick turns those of a whole batch into one
// inversion and three multiplications each. All arithmetic is exact (integers modulo p, as limbs:
// fieldLimbs.ts); nothing is probabilistic. Coordinates live in flat Float64Arrays, 11 limbs per
// value, so a step allocates nothing. Wherever a step would need a special case (a point plus
// itself or its negation), the entry is marked failed, and its caller falls back to noble's own
// single-signature path, so the special cases never need to be right here.
import { secp256k1 } from "@noble/curves/secp256k1.js";
import {
  copyLimbs,
  isZeroLimbs,
  limbs,
  limbsFromBigInt,
  limbsToBigInt,
  multiplyLimbs,
  normalizeLimbs,
  subtractLimbs,
} from "./fieldLimbs.js";

const { Fp } = secp256k1.Point;

/** An entry's state: no point yet (the sum is still empty), a point, or given up. */
export const empty = 0;
export const present = 1;
export const failed = 2;

/** A point per entry: limbs [11i, 11i + 11) of xs and ys when state[i] is `present`. */
export type PointBatch = {
  readonly count: number;
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  readonly state: Uint8Array;
  /** Reused by every step: which entries take part, their denominators and prefix products. */
  readonly scratch: { index: Int32Array; denominators: Float64Array; prefixes: Float64Array };
};

/** Points to add to a batch: entry i takes its limbs of xs and ys when has[i] is 1. */
export type PointTerms = { readonly xs: Float64Array; readonly ys: Float64Array; readonly has: Uint8Array };

/** A batch of `count` empty entries. */
export function createPointBatch(count: number): PointBatch {
  return {
    count,
    xs: new Float64Array(count * limbs),
    ys: new Float64Array(count * limbs),
    state: new Uint8Array(count),
    scratch: {
      index: new Int32Array(count),
      denominators: new Float64Array(count * limbs),
      prefixes: new Float64Array(count * limbs),
    },
  };
}

/** Room for one term per entry, all absent. */
export function createPointTerms(count: number): PointTerms {
  return {
    xs: new Float64Array(count * limbs),
    ys: new Float64Array(count * limbs),
    has: new Uint8Array(count),
  };
}

/** Sets entry i to the affine point (x, y), both in [0, p). */
export function setPoint(batch: PointBatch, i: number, x: bigint, y: bigint): void {
  limbsFromBigInt(x, batch.xs, i * limbs);
  limbsFromBigInt(y, batch.ys, i * limbs);
  batch.state[i] = present;
}

/** Entry i's point in [0, p), or undefined when it has none (empty or failed). */
export function pointAt(batch: PointBatch, i: number): { x: bigint; y: bigint } | undefined {
  if (batch.state[i] !== present) return undefined;
  return { x: limbsToBigInt(batch.xs, i * limbs), y: limbsToBigInt(batch.ys, i * limbs) };
}

// Per-step working values: the running product or inverse, and one step's intermediates.
const work = new Float64Array(8 * limbs);
const inverseAt = 0;
const dInverseAt = limbs;
const lambdaAt = 2 * limbs;
const tAt = 3 * limbs;
const xAt = 4 * limbs;
const yAt = 5 * limbs;
const oneAt = 6 * limbs;
work[oneAt] = 1;

/**
 * The prefix products of the first m denominators, and the inverse of their product at
 * work[inverseAt]. A denominator that is 0 mod p (a point plus itself or its negation) fails its
 * entry and leaves the list, which is then taken again. Returns how many entries remain.
 */
function shareInversion(batch: PointBatch, m: number): number {
  const { index, denominators, prefixes } = batch.scratch;
  for (;;) {
    copyLimbs(work, inverseAt, work, oneAt);
    for (let k = 0; k < m; k++) {
      copyLimbs(prefixes, k * limbs, work, inverseAt);
      multiplyLimbs(work, inverseAt, work, inverseAt, denominators, k * limbs);
    }
    const product = m === 0 ? 1n : limbsToBigInt(work, inverseAt);
    if (product !== 0n) {
      if (m > 0) limbsFromBigInt(Fp.inv(product), work, inverseAt);
      return m;
    }
    // Rare (a crafted signature, or chance near 2^-256): find the zero, drop it, start again.
    let kept = 0;
    for (let k = 0; k < m; k++) {
      const i = index[k] as number;
      if (isZeroLimbs(denominators, k * limbs)) {
        batch.state[i] = failed;
        continue;
      }
      index[kept] = i;
      copyLimbs(denominators, kept * limbs, denominators, k * limbs);
      kept++;
    }
    m = kept;
  }
}

/**
 * Walking back from the last entry: entry k's 1/d at work[dInverseAt] (the running inverse, which is
 * 1/(d_0 ... d_k), times the prefix d_0 ... d_(k-1)), then d_k taken out of the running inverse.
 */
function takeInverse(batch: PointBatch, k: number): void {
  const { denominators, prefixes } = batch.scratch;
  multiplyLimbs(work, dInverseAt, work, inverseAt, prefixes, k * limbs);
  multiplyLimbs(work, inverseAt, work, inverseAt, denominators, k * limbs);
}

/**
 * With work[lambdaAt] the slope for entry i (point A) and `other` the x of the second point (the
 * term, or A again when doubling): x' = lambda^2 - x(A) - other, y' = lambda * (x(A) - x') - y(A),
 * written over entry i.
 */
function finishStep(batch: PointBatch, o: number, otherX: Float64Array, otherAt: number): void {
  const { xs, ys } = batch;
  multiplyLimbs(work, tAt, work, lambdaAt, work, lambdaAt);
  for (let l = 0; l < limbs; l++)
    work[xAt + l] = (work[tAt + l] as number) - (xs[o + l] as number) - (otherX[otherAt + l] as number);
  normalizeLimbs(work, xAt);
  subtractLimbs(work, tAt, xs, o, work, xAt);
  multiplyLimbs(work, yAt, work, lambdaAt, work, tAt);
  subtractLimbs(ys, o, work, yAt, ys, o);
  normalizeLimbs(ys, o);
  copyLimbs(xs, o, work, xAt);
}

/**
 * Adds each present term to its entry, all with one inversion. An empty entry takes the term as
 * it is; a failed one is skipped; a point plus itself or its negation fails the entry.
 */
export function addTerms(batch: PointBatch, terms: PointTerms): void {
  const { xs, ys, state, count } = batch;
  const { index, denominators } = batch.scratch;
  let m = 0;
  for (let i = 0; i < count; i++) {
    if (terms.has[i] === 0) continue;
    const s = state[i];
    if (s === failed) continue;
    const o = i * limbs;
    if (s === empty) {
      copyLimbs(xs, o, terms.xs, o);
      copyLimbs(ys, o, terms.ys, o);
      state[i] = present;
      continue;
    }
    subtractLimbs(denominators, m * limbs, terms.xs, o, xs, o);
    index[m] = i;
    m++;
  }
  m = shareInversion(batch, m);
  for (let k = m - 1; k >= 0; k--) {
    const o = (index[k] as number) * limbs;
    takeInverse(batch, k);
    subtractLimbs(work, tAt, terms.ys, o, ys, o);
    multiplyLimbs(work, lambdaAt, work, tAt, work, dInverseAt);
    finishStep(batch, o, terms.xs, o);
  }
}

/** Doubles every present entry with one inversion (secp256k1 has no point of order 2). */
export function doubleAll(batch: PointBatch): void {
  const { xs, ys, state, count } = batch;
  const { index, denominators } = batch.scratch;
  let m = 0;
  for (let i = 0; i < count; i++) {
    if (state[i] !== present) continue;
    const o = i * limbs;
    const d = m * limbs;
    for (let l = 0; l < limbs; l++) denominators[d + l] = 2 * (ys[o + l] as number);
    index[m] = i;
    m++;
  }
  m = shareInversion(batch, m);
  for (let k = m - 1; k >= 0; k--) {
    const o = (index[k] as number) * limbs;
    takeInverse(batch, k);
    // lambda = 3 x^2 / 2y: 3 times a reduced value is a valid factor.
    multiplyLimbs(work, tAt, xs, o, xs, o);
    for (let l = 0; l < limbs; l++) work[tAt + l] = 3 * (work[tAt + l] as number);
    multiplyLimbs(work, lambdaAt, work, tAt, work, dInverseAt);
    finishStep(batch, o, xs, o);
  }
}
