import {
  canonicalLimbs,
  copyLimbs,
  limbs,
  limbsFromBytes,
  multiplyLimbs,
  normalizeLimbs,
  sqrtLimbs,
  squareLimbs,
} from "./internal/fieldLimbs.js";
import { type PointBatch, present } from "./internal/pointBatch.js";

// Scratch for lifting x to a point: x^3 + 7 at `liftX3`, its root at `liftY`, the root squared
// back at `liftCheck`, and a canonical copy of x^3 + 7 at 0.
const lift = new Float64Array(4 * limbs);
const [liftX3, liftY, liftCheck] = [limbs, 2 * limbs, 3 * limbs];

/**
 * Sets entry `at` of `points` to R, the point with x = r (the first 32 bytes of rs) whose y has
 * the given parity: y = sqrt(x^3 + 7) mod p (secp256k1's y^2 = x^3 + 7; the root by p's addition
 * chain, SEC 1 v2 section 2.3.4), negated when its parity is not the one asked for.
 *
 * @param rs - `r || s`, 64 bytes (only r is read).
 * @param yParity - The parity of R's y (`v - 27`).
 * @param points - Where R goes, in limbs.
 * @param at - The entry; set `present` when R exists.
 * @returns False when r is no point's x (x^3 + 7 has no square root mod p), the entry untouched
 * but for x. Never throws.
 * @example
 * if (!liftSignatureR(input.rs, input.yParity, points, k)) out[i] = null
 */
export function liftSignatureR(rs: Uint8Array, yParity: 0 | 1, points: PointBatch, at: number): boolean {
  const o = at * limbs;
  limbsFromBytes(rs, 0, points.xs, o);
  squareLimbs(lift, liftX3, points.xs, o);
  multiplyLimbs(lift, liftX3, lift, liftX3, points.xs, o);
  lift[liftX3] = (lift[liftX3] as number) + 7;
  sqrtLimbs(lift, liftY, lift, liftX3);
  // The root squared back must be x^3 + 7: compared in canonical form.
  squareLimbs(lift, liftCheck, lift, liftY);
  canonicalLimbs(lift, liftCheck, lift, liftCheck);
  canonicalLimbs(lift, 0, lift, liftX3);
  for (let l = 0; l < limbs; l++) if (lift[liftCheck + l] !== lift[l]) return false;
  canonicalLimbs(lift, liftY, lift, liftY);
  if (((lift[liftY] as number) & 1) !== yParity)
    for (let l = 0; l < limbs; l++) lift[liftY + l] = -(lift[liftY + l] as number);
  copyLimbs(points.ys, o, lift, liftY);
  normalizeLimbs(points.ys, o);
  points.state[at] = present;
  return true;
}
