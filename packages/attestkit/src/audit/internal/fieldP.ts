// secp256k1's field prime p and group order n, and batch inversion modulo either. The hot field
// arithmetic (modulo p) runs on limbs: fieldLimbs.ts.
import { secp256k1 } from "@noble/curves/secp256k1.js";

const { Fp, Fn } = secp256k1.Point;

/** The field prime p and the group order n. */
export const P = Fp.ORDER;
export const N = Fn.ORDER;

/** Inverts every value (none may be 0 mod m) modulo p or n with one inversion (Montgomery's trick). */
export function invertAll(values: readonly bigint[], m: bigint): bigint[] {
  const count = values.length;
  const prefix = new Array<bigint>(count);
  let product = 1n;
  for (let i = 0; i < count; i++) {
    prefix[i] = product;
    product = (product * (values[i] as bigint)) % m;
  }
  let inverse = m === P ? Fp.inv(product) : Fn.inv(product);
  const out = new Array<bigint>(count);
  for (let i = count - 1; i >= 0; i--) {
    out[i] = (inverse * (prefix[i] as bigint)) % m;
    inverse = (inverse * (values[i] as bigint)) % m;
  }
  return out;
}
