// Field elements modulo p = 2^256 - 2^32 - 977 as 11 signed base-2^24 limbs in a Float64Array, for
// the batch engine's hot loops. A BigInt operation allocates, whatever its size; limbs in doubles
// allocate nothing, and a limb product (below 2^48.5) summed 11 times per column stays below 2^52,
// inside the 53 bits a double holds exactly, so every step is exact integer arithmetic.
//
// Value: a_0 + a_1 * 2^24 + ... + a_10 * 2^240, any integer congruent to the element (limbs may be
// negative, the value may pass p or be negative). A value is *reduced* when every limb is in
// [-2^23, 2^23] (limb 3 may pass that by 2^10): what `multiplyLimbs` and its variants,
// `normalizeLimbs`, `limbsFromBigInt` and `limbsFromBytes` leave. A product needs
// |a_i * b_j| <= 2^48.5, which holds when one factor is reduced and the other at most the sum of
// four reduced values: a difference of two, or three times one (a square: a sum of two at most).
// Whatever is stored (points, tables) is reduced. Equal elements have equal limbs only in the
// canonical form (`canonicalLimbs`): what comparisons, parities and bytes are taken from.
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { multiplyLimbs, squareLimbs } from "./multiplyLimbs.js";

export { multiplyLimbs, squareLimbs };

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

/** Writes the 32 big-endian bytes at bytes[offset..] (a value below 2^256) reduced, at out[at..at + 11). */
export function limbsFromBytes(bytes: Uint8Array, offset: number, out: Float64Array, at: number): void {
  let carry = 0;
  for (let i = 0; i < limbs; i++) {
    // Limb i holds bits 24i .. 24i + 23: bytes 31 - 3i (lowest) to 29 - 3i; limb 10 has two bytes.
    const low = offset + 31 - 3 * i;
    let limb =
      (bytes[low] as number) +
      (bytes[low - 1] as number) * 256 +
      (i < limbs - 1 ? (bytes[low - 2] as number) * 65536 : 0) +
      carry;
    carry = limb > halfRadix ? 1 : 0;
    limb -= carry * radix;
    out[at + i] = limb;
  }
}

// Scratch for canonicalLimbs: the unsigned limbs, and the same less p.
const unsigned = new Float64Array(limbs);
const minusP = new Float64Array(limbs);

/** Carries `unsigned` into limbs in [0, 2^24) and returns what passes the top limb (a whole number). */
function carryUnsigned(): number {
  let carry = 0;
  for (let i = 0; i < limbs; i++) {
    const v = (unsigned[i] as number) + carry;
    carry = Math.floor(v * limbInverse);
    unsigned[i] = v - carry * radix;
  }
  return carry;
}

/**
 * The element at a[ao..ao + 11) as its value in [0, p), in 11 limbs in [0, 2^24) at
 * out[at..at + 11): the one form in which equal elements have equal limbs (for comparing, the
 * parity, and bytes). Any limbs below 2^50 in size.
 */
export function canonicalLimbs(out: Float64Array, at: number, a: Float64Array, ao: number): void {
  for (let i = 0; i < limbs; i++) unsigned[i] = a[ao + i] as number;
  // Fold what passes 2^264 (2^264 = 2^40 + 250112 mod p) until nothing does: the value is then in
  // [0, 2^264).
  for (let top = carryUnsigned(); top !== 0; top = carryUnsigned()) {
    unsigned[0] = (unsigned[0] as number) + top * 250112;
    unsigned[1] = (unsigned[1] as number) + top * 65536;
  }
  // Then what passes 2^256 (2^256 = 2^32 + 977 mod p), twice at most.
  for (let high = Math.floor((unsigned[10] as number) / 65536); high !== 0; ) {
    unsigned[10] = (unsigned[10] as number) - high * 65536;
    unsigned[0] = (unsigned[0] as number) + high * 977;
    unsigned[1] = (unsigned[1] as number) + high * 256;
    carryUnsigned();
    high = Math.floor((unsigned[10] as number) / 65536);
  }
  // Below 2^256: at most one p too many, which adding 2^32 + 977 shows by passing 2^256.
  let carry = 0;
  for (let i = 0; i < limbs; i++) {
    const v = (unsigned[i] as number) + (i === 0 ? 977 : i === 1 ? 256 : 0) + carry;
    carry = Math.floor(v * limbInverse);
    minusP[i] = v - carry * radix;
  }
  const over = (minusP[limbs - 1] as number) >= 65536;
  if (over) minusP[limbs - 1] = (minusP[limbs - 1] as number) - 65536;
  const from = over ? minusP : unsigned;
  for (let i = 0; i < limbs; i++) out[at + i] = from[i] as number;
}

/** Writes canonical limbs (see {@link canonicalLimbs}) as 32 big-endian bytes at bytes[offset..]. */
export function canonicalToBytes(a: Float64Array, ao: number, bytes: Uint8Array, offset: number): void {
  for (let i = 0; i < limbs; i++) {
    const limb = a[ao + i] as number;
    const low = offset + 31 - 3 * i;
    bytes[low] = limb & 0xff;
    bytes[low - 1] = (limb >>> 8) & 0xff;
    if (i < limbs - 1) bytes[low - 2] = limb >>> 16;
  }
}

// The powers of the addition chain shared by the inverse and the square root (a^(2^k - 1) for k
// in 1, 2, 3, 6, 9, 11, 22, 44, 88, 176, 220, 223), one element each.
const chain = new Float64Array(13 * limbs);
const [c1, c2, c3, c6, c9, c11, c22, c44, c88, c176, c220, c223, cOut] = Array.from(
  { length: 13 },
  (_, k) => k * limbs,
) as [number, number, number, number, number, number, number, number, number, number, number, number, number];

/** chain[to] = chain[from]^(2^k) * chain[times] (every value reduced). */
function squaresTimes(to: number, from: number, k: number, times: number): void {
  squareLimbs(chain, to, chain, from);
  for (let i = 1; i < k; i++) squareLimbs(chain, to, chain, to);
  multiplyLimbs(chain, to, chain, to, chain, times);
}

/**
 * a^(2^223 - 1) at chain[c223] (and the blocks before it), by the addition chain libsecp256k1
 * uses for p: 2^256 - 2^32 - 977 has runs of ones that 2^223 - 1, 2^22 - 1 and 2^2 - 1 build.
 */
function chainTo223(a: Float64Array, ao: number): void {
  copyLimbs(chain, c1, a, ao);
  squaresTimes(c2, c1, 1, c1);
  squaresTimes(c3, c2, 1, c1);
  squaresTimes(c6, c3, 3, c3);
  squaresTimes(c9, c6, 3, c3);
  squaresTimes(c11, c9, 2, c2);
  squaresTimes(c22, c11, 11, c11);
  squaresTimes(c44, c22, 22, c22);
  squaresTimes(c88, c44, 44, c44);
  squaresTimes(c176, c88, 88, c88);
  squaresTimes(c220, c176, 44, c44);
  squaresTimes(c223, c220, 3, c3);
}

/** out = 1/a mod p (0 for 0), as a^(p - 2): 255 squarings and 15 multiplications, no allocation. */
export function invertLimbs(out: Float64Array, at: number, a: Float64Array, ao: number): void {
  chainTo223(a, ao);
  squaresTimes(cOut, c223, 23, c22);
  squaresTimes(cOut, cOut, 5, c1);
  squaresTimes(cOut, cOut, 3, c2);
  squaresTimes(cOut, cOut, 2, c1);
  copyLimbs(out, at, chain, cOut);
}

/**
 * out = a^((p + 1) / 4): the square root of a when a has one (p = 3 mod 4), which the caller
 * checks by squaring it back. 253 squarings and 13 multiplications, no allocation.
 */
export function sqrtLimbs(out: Float64Array, at: number, a: Float64Array, ao: number): void {
  chainTo223(a, ao);
  squaresTimes(cOut, c223, 23, c22);
  squaresTimes(cOut, cOut, 6, c2);
  squareLimbs(chain, cOut, chain, cOut);
  squareLimbs(out, at, chain, cOut);
}
