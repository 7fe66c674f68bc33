// secp256k1 arithmetic for many points at once, in affine coordinates: every addition or doubling
// needs one field inversion, and Montgomery's trick turns the inversions of a whole batch into one
// inversion and three multiplications each. All arithmetic is exact (big integers modulo p or n);
// nothing is probabilistic. Wherever a step would need a special case (adding a point to itself or
// to its negation), the entry is given up as `undefined`, and its caller falls back to noble's own
// single-signature path, so the special cases never need to be right here.
import { secp256k1 } from "@noble/curves/secp256k1.js";

type ProjectivePoint = InstanceType<typeof secp256k1.Point>;

const { Point } = secp256k1;
/** The field prime p and the group order n. */
export const P = Point.Fp.ORDER;
export const N = Point.Fn.ORDER;

/** An affine point (never the point at infinity). */
export type Affine = { x: bigint; y: bigint };

/** Inverts every value (none may be 0) modulo `m` with one inversion (Montgomery's trick). */
export function invertAll(values: readonly bigint[], m: bigint): bigint[] {
  const count = values.length;
  const prefix = new Array<bigint>(count);
  let product = 1n;
  for (let i = 0; i < count; i++) {
    prefix[i] = product;
    product = (product * (values[i] as bigint)) % m;
  }
  let inverse = m === P ? Point.Fp.inv(product) : Point.Fn.inv(product);
  const out = new Array<bigint>(count);
  for (let i = count - 1; i >= 0; i--) {
    out[i] = (inverse * (prefix[i] as bigint)) % m;
    inverse = (inverse * (values[i] as bigint)) % m;
  }
  return out;
}

/**
 * Adds `terms[i]` to `sums[i]` for every i whose term is defined, all with one inversion. A sum
 * that is `undefined` takes the term as it is; a failed entry (`failed[i]`) is skipped; an
 * addition of a point to itself or to its negation fails the entry.
 */
export function addAll(
  sums: (Affine | undefined)[],
  terms: readonly (Affine | undefined)[],
  failed: boolean[],
): void {
  const index: number[] = [];
  const denominators: bigint[] = [];
  for (let i = 0; i < sums.length; i++) {
    const term = terms[i];
    if (term === undefined || failed[i]) continue;
    const sum = sums[i];
    if (sum === undefined) {
      sums[i] = term;
      continue;
    }
    let d = term.x - sum.x;
    if (d < 0n) d += P;
    if (d === 0n) {
      failed[i] = true;
      continue;
    }
    index.push(i);
    denominators.push(d);
  }
  if (index.length === 0) return;
  const inverses = invertAll(denominators, P);
  for (let k = 0; k < index.length; k++) {
    const i = index[k] as number;
    const a = sums[i] as Affine;
    const b = terms[i] as Affine;
    const lambda = (((b.y - a.y) % P) * (inverses[k] as bigint)) % P;
    let x = (lambda * lambda - a.x - b.x) % P;
    if (x < 0n) x += P;
    let y = (lambda * (a.x - x) - a.y) % P;
    if (y < 0n) y += P;
    sums[i] = { x, y };
  }
}

/** Doubles every defined, not failed point, with one inversion (no point of order 2 exists). */
export function doubleAll(points: (Affine | undefined)[], failed: boolean[]): void {
  const index: number[] = [];
  const denominators: bigint[] = [];
  for (let i = 0; i < points.length; i++) {
    const point = points[i];
    if (point === undefined || failed[i]) continue;
    index.push(i);
    denominators.push((2n * point.y) % P);
  }
  if (index.length === 0) return;
  const inverses = invertAll(denominators, P);
  for (let k = 0; k < index.length; k++) {
    const i = index[k] as number;
    const a = points[i] as Affine;
    const lambda = (((3n * a.x * a.x) % P) * (inverses[k] as bigint)) % P;
    let x = (lambda * lambda - 2n * a.x) % P;
    if (x < 0n) x += P;
    let y = (lambda * (a.x - x) - a.y) % P;
    if (y < 0n) y += P;
    points[i] = { x, y };
  }
}

/** `k` in signed base-2^w digits, least significant first: each in [-2^(w-1), 2^(w-1)). */
export function signedDigits(k: bigint, w: number, windows: number): Int32Array {
  const out = new Int32Array(windows);
  const mask = (1n << BigInt(w)) - 1n;
  const shift = BigInt(w);
  const full = 1 << w;
  const half = 1 << (w - 1);
  for (let j = 0; j < windows; j++) {
    let digit = Number(k & mask);
    k >>= shift;
    if (digit >= half) {
      digit -= full;
      k += 1n;
    }
    out[j] = digit;
  }
  if (k !== 0n) throw new RangeError("scalar too large for the window count");
  return out;
}

/**
 * Precomputed multiples of a fixed point B: for window j and m in 1..2^(w-1), the affine point
 * m * 2^(wj) * B. A scalar is then a sum of one table point per nonzero signed digit: no doubling.
 */
export type FixedTable = { w: number; windows: number; half: number; xs: bigint[]; ys: bigint[] };

/**
 * Builds the table of `base` (w = 12: 22 windows of 2,048 points, about 5 MB), all windows at once
 * in affine coordinates: the multiples m in (2^(k-1), 2^k] come from those below, the even ones by
 * doubling m/2, then the odd ones by adding the window's base to m - 1, so each of the about
 * 2w steps shares one inversion across every window. m * 2^(wj) is never a multiple of the prime
 * n, so no point is at infinity and no addition meets a special case.
 */
export function fixedTable(base: ProjectivePoint, w: number): FixedTable {
  const half = 1 << (w - 1);
  const windows = Math.ceil(256 / w) + 1;
  const bases: Affine[] = [];
  let b = base;
  for (let j = 0; j < windows; j++) {
    bases.push(b.toAffine());
    for (let d = 0; d < w; d++) b = b.double();
  }
  // multiples[m - 1][j] = m * bases[j]
  const multiples: Affine[][] = [bases];
  for (let top = 2; top <= half * 2 && multiples.length < half; top *= 2) {
    const from = multiples.length + 1;
    const to = Math.min(top, half);
    // Evens: m = 2k from the k already there, all windows and all evens in one batch.
    const evens: number[] = [];
    for (let m = from; m <= to; m++) if (m % 2 === 0) evens.push(m);
    const flatEven: (Affine | undefined)[] = evens.flatMap((m) => multiples[m / 2 - 1] as Affine[]);
    doubleAll(flatEven, new Array<boolean>(flatEven.length).fill(false));
    const byM = new Map<number, Affine[]>();
    evens.forEach((m, k) => {
      byM.set(m, flatEven.slice(k * windows, (k + 1) * windows) as Affine[]);
    });
    // Odds: m = (m - 1) + 1, where m - 1 is an even of this step or the top of the last one.
    const odds: number[] = [];
    for (let m = from; m <= to; m++) if (m % 2 === 1) odds.push(m);
    const flatOdd: (Affine | undefined)[] = odds.flatMap(
      (m) => (byM.get(m - 1) ?? multiples[m - 2]) as Affine[],
    );
    addAll(
      flatOdd,
      odds.flatMap(() => bases),
      new Array<boolean>(flatOdd.length).fill(false),
    );
    odds.forEach((m, k) => {
      byM.set(m, flatOdd.slice(k * windows, (k + 1) * windows) as Affine[]);
    });
    for (let m = from; m <= to; m++) multiples.push(byM.get(m) as Affine[]);
  }
  const xs = new Array<bigint>(windows * half);
  const ys = new Array<bigint>(windows * half);
  for (let j = 0; j < windows; j++)
    for (let m = 1; m <= half; m++) {
      const point = (multiples[m - 1] as Affine[])[j] as Affine;
      xs[j * half + m - 1] = point.x;
      ys[j * half + m - 1] = point.y;
    }
  return { w, windows, half, xs, ys };
}

/** The table point for window j and signed digit d (not 0): its negation for a negative digit. */
export function tablePoint(table: FixedTable, j: number, digit: number): Affine {
  const at = j * table.half + Math.abs(digit) - 1;
  const x = table.xs[at] as bigint;
  const y = table.ys[at] as bigint;
  return { x, y: digit < 0 ? P - y : y };
}

/**
 * Adds to `sums[i]` the point `scalars[i] * B` of a fixed table's base, for every entry not
 * failed, one window at a time across all entries.
 */
export function addFixedMultiples(
  sums: (Affine | undefined)[],
  table: FixedTable,
  scalars: readonly (bigint | undefined)[],
  failed: boolean[],
): void {
  const digits = scalars.map((k) => (k === undefined ? undefined : signedDigits(k, table.w, table.windows)));
  const terms = new Array<Affine | undefined>(sums.length);
  for (let j = 0; j < table.windows; j++) {
    for (let i = 0; i < sums.length; i++) {
      const digit = digits[i]?.[j] ?? 0;
      terms[i] = digit === 0 ? undefined : tablePoint(table, j, digit);
    }
    addAll(sums, terms, failed);
  }
}

// secp256k1's endomorphism: phi(x, y) = (beta * x, y) = lambda * (x, y), and a reduced basis of
// the lattice {(a, b): a + b * lambda = 0 mod n}, as libsecp256k1 and noble use them.
const beta = 0x7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501een;
/** The eigenvalue of phi: lambda * (x, y) = (beta * x, y). */
export const lambda = 0x5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72n;
const a1 = 0x3086d221a7d46bcde86c90e49284eb15n;
const b1 = -0xe4437ed6010e88286f547fa90abfe4c3n;
const a2 = 0x114ca50f7a8e2f3f657c1108d9d44cfd8n;
const b2 = a1;
const divNearest = (num: bigint, den: bigint) => (num + (num >= 0n ? den : -den) / 2n) / den;

/** Splits k (0 <= k < n) into k1 + k2 * lambda = k (mod n), with |k1| and |k2| below 2^128. */
export function splitScalar(k: bigint): { k1: bigint; k2: bigint } {
  const c1 = divNearest(b2 * k, N);
  const c2 = divNearest(-b1 * k, N);
  return { k1: k - c1 * a1 - c2 * a2, k2: -c1 * b1 - c2 * b2 };
}

/**
 * `scalars[i] * points[i]` for every entry not failed, with the endomorphism: k = k1 + k2 * lambda,
 * so k * R = k1 * R + k2 * phi(R) with half-length k1 and k2, walked together in signed 4-bit
 * windows from the top (128 doublings, not 256), all entries in step. `undefined` for a scalar of 0.
 */
export function multiplyAll(
  points: readonly (Affine | undefined)[],
  scalars: readonly bigint[],
  failed: boolean[],
): (Affine | undefined)[] {
  const w = 4;
  const windows = Math.ceil(128 / w) + 1;
  const count = points.length;
  // multiples[m - 1][i] = m * points[i], for m in 1..8.
  const multiples: (Affine | undefined)[][] = [points.slice()];
  const doubled = points.slice();
  doubleAll(doubled, failed);
  multiples.push(doubled);
  for (let m = 3; m <= 8; m++) {
    const next = (multiples[m - 2] as (Affine | undefined)[]).slice();
    addAll(next, points, failed);
    multiples.push(next);
  }
  const halves = scalars.map(splitScalar);
  const digits1 = halves.map(({ k1 }) => signedDigits(k1 < 0n ? -k1 : k1, w, windows));
  const digits2 = halves.map(({ k2 }) => signedDigits(k2 < 0n ? -k2 : k2, w, windows));
  const sums = new Array<Affine | undefined>(count);
  const terms = new Array<Affine | undefined>(count);
  for (let j = windows - 1; j >= 0; j--) {
    for (let d = 0; d < w; d++) doubleAll(sums, failed);
    for (const half of [1, 2] as const) {
      for (let i = 0; i < count; i++) {
        const { k1, k2 } = halves[i] as { k1: bigint; k2: bigint };
        const digit = ((half === 1 ? digits1 : digits2)[i] as Int32Array)[j] as number;
        const multiple = digit === 0 ? undefined : multiples[Math.abs(digit) - 1]?.[i];
        if (multiple === undefined) {
          terms[i] = undefined;
          continue;
        }
        // The sign of the digit and of the half; phi(m * R) = (beta * x, y).
        const negative = digit < 0 !== (half === 1 ? k1 : k2) < 0n;
        const x = half === 1 ? multiple.x : (beta * multiple.x) % P;
        terms[i] = { x, y: negative ? P - multiple.y : multiple.y };
      }
      addAll(sums, terms, failed);
    }
  }
  return sums;
}
