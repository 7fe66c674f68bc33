// Arithmetic modulo secp256k1's field prime p = 2^256 - 2^32 - 977 and group order n, for the
// batch engine's hot loops. A BigInt operation costs mostly its allocation, whatever the size, so
// what pays is fewer operations: `%` by a 256-bit p is a long division, while 2^256 = 2^32 + 977
// (mod p) turns the reduction of a product into shifts, masks and small multiplications.
import { secp256k1 } from "@noble/curves/secp256k1.js";

const { Fp, Fn } = secp256k1.Point;

/** The field prime p and the group order n. */
export const P = Fp.ORDER;
export const N = Fn.ORDER;

const low256 = (1n << 256n) - 1n;
/** 2^256 mod p. */
const fold = 0x1000003d1n;

/**
 * z mod p, for 0 <= z < 2^700 (a product of two values below 2^350). The first fold
 * (2^256 = 2^32 + 977) leaves less than 2^478, the second less than 2^256 + 2^255, which is
 * below 2p, so one subtraction finishes.
 */
export function modP(z: bigint): bigint {
  z = (z & low256) + (z >> 256n) * fold;
  z = (z & low256) + (z >> 256n) * fold;
  return z >= P ? z - P : z;
}

/**
 * A value congruent to z mod p, below 2^338, for 0 <= z < 2^560: one fold, for a value whose only
 * use is as a factor of one more product (which {@link modP} then reduces in full). Half the work.
 */
export function foldP(z: bigint): bigint {
  return (z & low256) + (z >> 256n) * fold;
}

/** x^(2^k) mod p: k squarings. */
function squareTimes(x: bigint, k: number): bigint {
  for (let i = 0; i < k; i++) x = modP(x * x);
  return x;
}

/**
 * The square root of a mod p whose parity is `parity`, or undefined when a is not a square.
 * p = 3 (mod 4), so the root is a^((p + 1) / 4); the exponent is reached by the usual addition
 * chain for this prime (253 squarings and 13 multiplications), and the result is squared back to
 * check it, as noble's `sqrt` does.
 */
export function sqrtP(a: bigint, parity: 0 | 1): bigint | undefined {
  const x2 = modP(modP(a * a) * a); // a^(2^2 - 1)
  const x3 = modP(modP(x2 * x2) * a);
  const x6 = modP(squareTimes(x3, 3) * x3);
  const x9 = modP(squareTimes(x6, 3) * x3);
  const x11 = modP(squareTimes(x9, 2) * x2);
  const x22 = modP(squareTimes(x11, 11) * x11);
  const x44 = modP(squareTimes(x22, 22) * x22);
  const x88 = modP(squareTimes(x44, 44) * x44);
  const x176 = modP(squareTimes(x88, 88) * x88);
  const x220 = modP(squareTimes(x176, 44) * x44);
  const x223 = modP(squareTimes(x220, 3) * x3);
  let root = modP(squareTimes(x223, 23) * x22);
  root = modP(squareTimes(root, 6) * x2);
  root = squareTimes(root, 2);
  if (modP(root * root) !== a % P) return undefined;
  return Number(root & 1n) === parity || root === 0n ? root : P - root;
}

/** Inverts every value (none may be 0 mod m) modulo p or n with one inversion (Montgomery's trick). */
export function invertAll(values: readonly bigint[], m: bigint): bigint[] {
  const count = values.length;
  const prefix = new Array<bigint>(count);
  const mul = m === P ? (a: bigint, b: bigint) => modP(a * b) : (a: bigint, b: bigint) => (a * b) % m;
  let product = 1n;
  for (let i = 0; i < count; i++) {
    prefix[i] = product;
    product = mul(product, values[i] as bigint);
  }
  let inverse = m === P ? Fp.inv(product) : Fn.inv(product);
  const out = new Array<bigint>(count);
  for (let i = count - 1; i >= 0; i--) {
    out[i] = mul(inverse, prefix[i] as bigint);
    inverse = mul(inverse, values[i] as bigint);
  }
  return out;
}
