// Field elements modulo p = 2^256 - 2^32 - 977 as 11 signed base-2^24 limbs in a Float64Array, for
// the batch engine's hot loops. A BigInt operation allocates, whatever its size; limbs in doubles
// allocate nothing, and a limb product (below 2^48.5) summed 11 times per column stays below 2^52,
// inside the 53 bits a double holds exactly, so every step is exact integer arithmetic.
//
// Value: a_0 + a_1 * 2^24 + ... + a_10 * 2^240, any integer congruent to the element (limbs may be
// negative, the value may pass p or be negative). A value is *reduced* when every limb is in
// [-2^23, 2^23] (limb 3 may pass that by 2^10): what `multiplyLimbs`, `normalizeLimbs` and
// `limbsFromBigInt` leave. A product needs |a_i * b_j| <= 2^48.5, which holds when one factor is
// reduced and the other at most the sum of four reduced values: a difference of two, or three
// times one. Whatever is stored (points, tables) is reduced.
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { multiplyLimbs } from "./multiplyLimbs.js";

export { multiplyLimbs };

const { Fp } = secp256k1.Point;
const P = Fp.ORDER;

/** Limbs per element. */
export const limbs = 11;
const radix = 2 ** 24;
const halfRadix = 2 ** 23;
const round = 1.5 * 2 ** 76;
const limbInverse = 1 / radix;
const twoTo256 = 1n << 256n;

/** Writes v (0 <= v < 2^256) reduced, at out[at..at + 11). */
export function limbsFromBigInt(v: bigint, out: Float64Array, at: number): void {
  // 24 bits are 6 hex digits: the limbs are read off the hex string, no BigInt arithmetic.
  if (v < 0n || v >= twoTo256) throw new RangeError("limbsFromBigInt: the value is not in [0, 2^256)");
  const hex = v.toString(16).padStart(66, "0");
  let carry = 0;
  for (let i = 0; i < limbs; i++) {
    let limb = Number.parseInt(hex.slice(60 - 6 * i, 66 - 6 * i), 16) + carry;
    carry = limb > halfRadix ? 1 : 0;
    limb -= carry * radix;
    out[at + i] = limb;
  }
}

/** The element at a[at..at + 11) as a BigInt in [0, p). */
export function limbsToBigInt(a: Float64Array, at: number): bigint {
  // Exact unsigned limbs first (each carry an exact floor), then one hex parse.
  let carry = 0;
  let hex = "";
  for (let i = 0; i < limbs; i++) {
    const v = (a[at + i] as number) + carry;
    const limb = v - Math.floor(v * limbInverse) * radix;
    carry = (v - limb) * limbInverse;
    hex = limb.toString(16).padStart(6, "0") + hex;
  }
  let value = BigInt(`0x${hex}`) + BigInt(carry) * (1n << 264n);
  value %= P;
  return value < 0n ? value + P : value;
}

/** Whether a[at..at + 11) is 0 mod p. */
export function isZeroLimbs(a: Float64Array, at: number): boolean {
  return limbsToBigInt(a, at) === 0n;
}

/** out = a - b, limb by limb (not reduced: each limb at most the two inputs' limbs together). */
export function subtractLimbs(
  out: Float64Array,
  at: number,
  a: Float64Array,
  ao: number,
  b: Float64Array,
  bo: number,
): void {
  for (let i = 0; i < limbs; i++) out[at + i] = (a[ao + i] as number) - (b[bo + i] as number);
}

/** out = -a, limb by limb (reduced when a is). */
export function negateLimbs(out: Float64Array, at: number, a: Float64Array, ao: number): void {
  for (let i = 0; i < limbs; i++) out[at + i] = -(a[ao + i] as number);
}

/** Copies a[ao..ao + 11) to out[at..at + 11). */
export function copyLimbs(out: Float64Array, at: number, a: Float64Array, ao: number): void {
  for (let i = 0; i < limbs; i++) out[at + i] = a[ao + i] as number;
}

/**
 * Reduces a[at..at + 11) in place, for any limbs below 2^50: one carry pass, and the carry out of
 * the top limb (weight 2^264 = 2^40 + 250112 mod p) folded back onto the low limbs.
 */
export function normalizeLimbs(a: Float64Array, at: number): void {
  let carry = 0;
  for (let i = 0; i < limbs; i++) {
    const v = (a[at + i] as number) + carry;
    const q = v + round - round;
    a[at + i] = v - q;
    carry = q * limbInverse;
  }
  // carry < 2^27: its two fold products stay far below 2^53, and two more carries settle them.
  let v = (a[at] as number) + carry * 250112;
  let q = v + round - round;
  a[at] = v - q;
  v = (a[at + 1] as number) + carry * 65536 + q * limbInverse;
  q = v + round - round;
  a[at + 1] = v - q;
  v = (a[at + 2] as number) + q * limbInverse;
  q = v + round - round;
  a[at + 2] = v - q;
  a[at + 3] = (a[at + 3] as number) + q * limbInverse;
}

/** The parity of the element at a[at..at + 11) (of its value in [0, p)). */
export function limbsParity(a: Float64Array, at: number): 0 | 1 {
  return Number(limbsToBigInt(a, at) & 1n) as 0 | 1;
}

/** x^(2^k) * m, reduced, in a fresh array (x and m reduced). */
function squareTimes(x: Float64Array, k: number, m: Float64Array): Float64Array {
  const out = x.slice();
  for (let i = 0; i < k; i++) multiplyLimbs(out, 0, out, 0, out, 0);
  multiplyLimbs(out, 0, out, 0, m, 0);
  return out;
}

/**
 * The square root of a (0 <= a < p) whose parity is `parity`, or undefined when a is not a square.
 * p = 3 (mod 4), so the root is a^((p + 1) / 4), reached by the usual addition chain for this
 * prime (253 squarings and 13 multiplications); the root is squared back to check it.
 */
export function sqrtP(a: bigint, parity: 0 | 1): bigint | undefined {
  const x1 = new Float64Array(limbs);
  limbsFromBigInt(a, x1, 0);
  const x2 = squareTimes(x1, 1, x1); // a^(2^2 - 1)
  const x3 = squareTimes(x2, 1, x1);
  const x6 = squareTimes(x3, 3, x3);
  const x9 = squareTimes(x6, 3, x3);
  const x11 = squareTimes(x9, 2, x2);
  const x22 = squareTimes(x11, 11, x11);
  const x44 = squareTimes(x22, 22, x22);
  const x88 = squareTimes(x44, 44, x44);
  const x176 = squareTimes(x88, 88, x88);
  const x220 = squareTimes(x176, 44, x44);
  const x223 = squareTimes(x220, 3, x3);
  const t1 = squareTimes(x223, 23, x22);
  const t2 = squareTimes(t1, 6, x2);
  const one = new Float64Array(limbs);
  one[0] = 1;
  const root = limbsToBigInt(squareTimes(t2, 2, one), 0);
  if ((root * root) % P !== a % P) return undefined;
  return Number(root & 1n) === parity || root === 0n ? root : P - root;
}
