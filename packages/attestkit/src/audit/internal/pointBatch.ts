// Many secp256k1 points at once, in affine coordinates, one per signature: every addition or
// doubling needs a field inversion, and Montgomery's trick turns those of a whole batch into one
// inversion and three multiplications each. All arithmetic is exact (integers modulo p, as limbs:
// fieldLimbs.ts); nothing is probabilistic. Coordinates live in flat Float64Arrays, 11 limbs per
// value, and a step reads the points it adds where they are (a table, another batch), so a step
// allocates nothing and copies nothing. Wherever a step would need a special case (a point plus
// itself or its negation), the entry is marked failed, and its caller falls back to noble's own
// single-signature path, so the special cases never need to be right here.
import {
  canonicalLimbs,
  copyLimbs,
  invertLimbs,
  limbs,
  limbsFromBigInt,
  limbsToBigInt,
  multiplyLimbs,
  squareLimbs,
} from "./fieldLimbs.js";
import {
  multiplyDifferenceLimbs,
  multiplyDifferenceMinusLimbs,
  multiplySumLimbs,
  squareMinusLimbs,
} from "./multiplyLimbs.js";

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
};

/** Points to add to a batch: entry i takes its limbs of xs and ys when has[i] is 1. */
export type PointTerms = { readonly xs: Float64Array; readonly ys: Float64Array; readonly has: Uint8Array };

/** Where a caller lists the points a step adds (see {@link addPoints}). */
export type PointLists = {
  readonly index: Int32Array;
  readonly offsets: Int32Array;
  readonly negate: Uint8Array;
};

/** A batch of `count` empty entries. */
export function createPointBatch(count: number): PointBatch {
  return {
    count,
    xs: new Float64Array(count * limbs),
    ys: new Float64Array(count * limbs),
    state: new Uint8Array(count),
  };
}

/**
 * A batch of `count` empty entries in memory kept under `name` for the next batch of the same
 * name (grown as needed): what a thread builds for every batch of signatures, without a fresh
 * allocation each time (large typed arrays are what makes the collector run). The batch is valid
 * until `name` is asked for again.
 */
export function sparePointBatch(name: string, count: number): PointBatch {
  const xs = spareFloat64(`${name}.xs`, count * limbs);
  const ys = spareFloat64(`${name}.ys`, count * limbs);
  const state = spareUint8(`${name}.state`, count);
  state.fill(empty);
  return { count, xs, ys, state };
}

const spares = new Map<string, Float64Array | Int32Array | Uint8Array>();
function spare<T extends Float64Array | Int32Array | Uint8Array>(
  name: string,
  length: number,
  create: (length: number) => T,
): T {
  let array = spares.get(name) as T | undefined;
  if (array === undefined || array.length < length) {
    array = create(capacity(length));
    spares.set(name, array);
  }
  return array.subarray(0, length) as T;
}
/** A Float64Array of `length` kept under `name` (see {@link sparePointBatch}); its contents are stale. */
export const spareFloat64 = (name: string, length: number) =>
  spare(name, length, (size) => new Float64Array(size));
/** An Int32Array of `length` kept under `name` (see {@link sparePointBatch}); its contents are stale. */
export const spareInt32 = (name: string, length: number) =>
  spare(name, length, (size) => new Int32Array(size));
const spareUint8 = (name: string, length: number) => spare(name, length, (size) => new Uint8Array(size));

// Steps run one at a time in a thread, so they share their working arrays (grown as needed)
// rather than every batch allocating its own: less for the collector.
let lists: PointLists = { index: new Int32Array(0), offsets: new Int32Array(0), negate: new Uint8Array(0) };
let order = new Int32Array(0);
let prefixes = new Float64Array(0);
const capacity = (count: number) => 2 ** Math.ceil(Math.log2(Math.max(count, 64)));

/**
 * Lists for `count` entries, to fill and hand to {@link addPoints}: the thread's one set, so valid
 * until the next call.
 */
export function pointLists(count: number): PointLists {
  if (lists.index.length < count) {
    const size = capacity(count);
    lists = { index: new Int32Array(size), offsets: new Int32Array(size), negate: new Uint8Array(size) };
  }
  return lists;
}

/** The step's own working arrays, for `count` entries. */
function working(count: number): void {
  if (order.length >= count) return;
  const size = capacity(count);
  order = new Int32Array(size);
  prefixes = new Float64Array(size * limbs);
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
const work = new Float64Array(7 * limbs);
const inverseAt = 0;
const dInverseAt = limbs;
const lambdaAt = 2 * limbs;
const tAt = 3 * limbs;
const xAt = 4 * limbs;
const oneAt = 5 * limbs;
const zeroCheckAt = 6 * limbs;
work[oneAt] = 1;

const isZero = (a: Float64Array, at: number) => {
  canonicalLimbs(work, zeroCheckAt, a, at);
  for (let l = 0; l < limbs; l++) if (work[zeroCheckAt + l] !== 0) return false;
  return true;
};

/**
 * The step's shared inversion: `multiplyOut(m)` leaves the prefix products of the first m
 * denominators in the batch's `prefixes` and their product at work[inverseAt]; this inverts it.
 * A denominator that is 0 mod p (a point plus itself or its negation) fails its entry and leaves
 * the list (`denominator(n)` writes entry n's at work[tAt]; the list is `order`, entries by
 * `entry(n)`), which is then multiplied out again. Returns how many entries remain.
 */
function invertShared(
  batch: PointBatch,
  m: number,
  multiplyOut: (m: number) => void,
  denominator: (n: number) => void,
  entry: (n: number) => number,
): number {
  multiplyOut(m);
  while (m > 0 && isZero(work, inverseAt)) {
    // Rare (a crafted signature, or chance near 2^-256): find the zeros, drop them, start again.
    let kept = 0;
    for (let n = 0; n < m; n++) {
      denominator(n);
      if (isZero(work, tAt)) batch.state[entry(n)] = failed;
      else order[kept++] = order[n] as number;
    }
    m = kept;
    multiplyOut(m);
  }
  if (m > 0) invertLimbs(work, inverseAt, work, inverseAt);
  return m;
}

/**
 * Adds a point to each of `count` entries, all with one inversion: entry index[k] takes the point
 * whose limbs are at offsets[k] in xs and ys (reduced; its negation when negate[k] is 1). An empty
 * entry takes the point as it is; a failed one is skipped; a point plus itself or its negation
 * fails the entry. The lists may be those of {@link pointLists}.
 */
export function addPoints(
  batch: PointBatch,
  count: number,
  index: Int32Array,
  xs: Float64Array,
  ys: Float64Array,
  offsets: Int32Array,
  negate: Uint8Array,
): void {
  const { xs: bx, ys: by, state } = batch;
  working(count);
  let m = 0;
  for (let k = 0; k < count; k++) {
    const i = index[k] as number;
    const s = state[i];
    if (s === failed) continue;
    if (s === empty) {
      const o = i * limbs;
      const t = offsets[k] as number;
      copyLimbs(bx, o, xs, t);
      if (negate[k] === 1) for (let l = 0; l < limbs; l++) by[o + l] = -(ys[t + l] as number);
      else copyLimbs(by, o, ys, t);
      state[i] = present;
      continue;
    }
    order[m++] = k;
  }
  // Each denominator is x(term) - x(entry), taken afresh where it is needed rather than stored.
  const multiplyOut = (m: number) => {
    copyLimbs(work, inverseAt, work, oneAt);
    for (let n = 0; n < m; n++) {
      const k = order[n] as number;
      copyLimbs(prefixes, n * limbs, work, inverseAt);
      multiplyDifferenceLimbs(
        work,
        inverseAt,
        work,
        inverseAt,
        xs,
        offsets[k] as number,
        bx,
        (index[k] as number) * limbs,
      );
    }
  };
  const denominator = (n: number) => {
    const k = order[n] as number;
    const t = offsets[k] as number;
    const o = (index[k] as number) * limbs;
    for (let l = 0; l < limbs; l++) work[tAt + l] = (xs[t + l] as number) - (bx[o + l] as number);
  };
  m = invertShared(batch, m, multiplyOut, denominator, (n) => index[order[n] as number] as number);
  for (let n = m - 1; n >= 0; n--) {
    const k = order[n] as number;
    const o = (index[k] as number) * limbs;
    const t = offsets[k] as number;
    // 1/d for this entry, then d taken out of the running inverse (Montgomery's trick, backwards).
    multiplyLimbs(work, dInverseAt, work, inverseAt, prefixes, n * limbs);
    multiplyDifferenceLimbs(work, inverseAt, work, inverseAt, xs, t, bx, o);
    if (negate[k] === 1) {
      // Adding (x2, -y2): the slope is -(y2 + y1)/d; with l = (y2 + y1)/d, x' = l^2 - x1 - x2
      // and y' = l * (x' - x1) - y1.
      multiplySumLimbs(work, lambdaAt, work, dInverseAt, ys, t, by, o);
      squareMinusLimbs(work, xAt, work, lambdaAt, bx, o, xs, t);
      multiplyDifferenceMinusLimbs(by, o, work, lambdaAt, work, xAt, bx, o, by, o);
    } else {
      // slope l = (y2 - y1)/d, x' = l^2 - x1 - x2, y' = l * (x1 - x') - y1.
      multiplyDifferenceLimbs(work, lambdaAt, work, dInverseAt, ys, t, by, o);
      squareMinusLimbs(work, xAt, work, lambdaAt, bx, o, xs, t);
      multiplyDifferenceMinusLimbs(by, o, work, lambdaAt, bx, o, work, xAt, by, o);
    }
    copyLimbs(bx, o, work, xAt);
  }
}

/**
 * Adds each present term to its entry, all with one inversion (see {@link addPoints}). An empty
 * entry takes the term as it is; a failed one is skipped; a point plus itself or its negation
 * fails the entry.
 */
export function addTerms(batch: PointBatch, terms: PointTerms): void {
  const { index, offsets, negate } = pointLists(batch.count);
  let count = 0;
  for (let i = 0; i < batch.count; i++) {
    if (terms.has[i] === 0) continue;
    index[count] = i;
    offsets[count] = i * limbs;
    negate[count] = 0;
    count++;
  }
  addPoints(batch, count, index, terms.xs, terms.ys, offsets, negate);
}

/** Doubles every present entry with one inversion (secp256k1 has no point of order 2). */
export function doubleAll(batch: PointBatch): void {
  const { xs, ys, state, count } = batch;
  working(count);
  let m = 0;
  for (let i = 0; i < count; i++) if (state[i] === present) order[m++] = i;
  // Each denominator is 2y.
  const multiplyOut = (m: number) => {
    copyLimbs(work, inverseAt, work, oneAt);
    for (let n = 0; n < m; n++) {
      const o = (order[n] as number) * limbs;
      copyLimbs(prefixes, n * limbs, work, inverseAt);
      multiplySumLimbs(work, inverseAt, work, inverseAt, ys, o, ys, o);
    }
  };
  const denominator = (n: number) => {
    const o = (order[n] as number) * limbs;
    for (let l = 0; l < limbs; l++) work[tAt + l] = 2 * (ys[o + l] as number);
  };
  m = invertShared(batch, m, multiplyOut, denominator, (n) => order[n] as number);
  for (let n = m - 1; n >= 0; n--) {
    const o = (order[n] as number) * limbs;
    multiplyLimbs(work, dInverseAt, work, inverseAt, prefixes, n * limbs);
    multiplySumLimbs(work, inverseAt, work, inverseAt, ys, o, ys, o);
    // slope l = 3 x^2 / 2y (3 times a reduced value is a valid factor), x' = l^2 - 2x,
    // y' = l * (x - x') - y.
    squareLimbs(work, tAt, xs, o);
    for (let l = 0; l < limbs; l++) work[tAt + l] = 3 * (work[tAt + l] as number);
    multiplyLimbs(work, lambdaAt, work, tAt, work, dInverseAt);
    squareMinusLimbs(work, xAt, work, lambdaAt, xs, o, xs, o);
    multiplyDifferenceMinusLimbs(ys, o, work, lambdaAt, xs, o, work, xAt, ys, o);
    copyLimbs(xs, o, work, xAt);
  }
}
