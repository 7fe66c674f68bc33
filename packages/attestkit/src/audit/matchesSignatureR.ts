import { canonicalLimbs, limbs } from "./internal/fieldLimbs.js";
import type { PointBatch } from "./internal/pointBatch.js";

// Scratch for one coordinate in canonical limbs.
const coordinate = new Float64Array(limbs);

/**
 * Whether entry n of `sums` is the point R a signature names: x = r and y of the given parity,
 * both compared in canonical limbs (x against r itself, not r mod n: with v in {27, 28} recovery
 * lifts the point whose x is r).
 *
 * @param sums - Points in limbs (entry n must be `present`).
 * @param n - The entry.
 * @param rLimbs - Canonical limbs of r, 11 per signature.
 * @param k - Which r of `rLimbs`.
 * @param yParity - The parity of R's y (`v - 27`).
 * @returns True when entry n is R. Never throws.
 * @example
 * if (sums.state[n] === present && matchesSignatureR(sums, n, rLimbs, k, 1)) confirmed()
 */
export function matchesSignatureR(
  sums: PointBatch,
  n: number,
  rLimbs: Float64Array,
  k: number,
  yParity: 0 | 1,
): boolean {
  canonicalLimbs(coordinate, 0, sums.xs, n * limbs);
  for (let l = 0; l < limbs; l++) if (coordinate[l] !== rLimbs[k * limbs + l]) return false;
  canonicalLimbs(coordinate, 0, sums.ys, n * limbs);
  return ((coordinate[0] as number) & 1) === yParity;
}
