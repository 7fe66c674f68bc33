import { batchTableWindow } from "./batchTableWindow.js";
import { invertAll, N } from "./internal/fieldP.js";
import { addTableMultiples } from "./internal/fixedTable.js";
import { generatorTable } from "./internal/generatorTable.js";
import { multiplyPoints } from "./internal/multiplyPoints.js";
import type { PointBatch } from "./internal/pointBatch.js";
import { liftBatchR } from "./liftBatchR.js";
import type { BatchScalars, NobleRecoveryState } from "./nobleRecoveryState.js";
import { signersFromKeys } from "./signersFromKeys.js";

/**
 * Recovers `pending` together: Q = (s/r)·R + (-e/r)·G, R lifted from r and the parity (SEC 1 v2,
 * section 4.1.6). When each entry's u1·G = (e/s)·G is at hand (in `multiples`, at `at`),
 * Q = (s/r)·(R - u1·G) instead, and the table walk for G is saved. The variable-base products
 * share a 4-bit window walk with the endomorphism (`multiplyPoints`), the inversions of each step
 * shared across the batch; every answer is the signer noble's `recoverPublicKey` gives.
 *
 * @param state - The recovery's state (`stats.recovered` counted, keys learned).
 * @param pending - Indices into the batch of the signatures to recover.
 * @param scalars - The batch's r, s and e (integers, r and s nonzero mod n), inputs, and `out`,
 * where each signer (an address, or null for none) is written.
 * @param multiples - u1·G of each of `pending` (`generatorMultiples`), when at hand.
 * @returns Nothing. Never throws.
 * @example
 * recoverTogether(state, pending, scalars, { base: multiples.base, at })
 */
export function recoverTogether(
  state: NobleRecoveryState,
  pending: number[],
  scalars: BatchScalars,
  multiples?: { base: PointBatch; at: number[] },
): void {
  const { r, s, e } = scalars;
  const { points, lifted } = liftBatchR(state, pending, scalars, multiples);
  const rInverse = invertAll(
    lifted.map((i) => r[i] as bigint),
    N,
  );
  const keys = multiplyPoints(
    points,
    lifted.map((i, k) => ((s[i] as bigint) * (rInverse[k] as bigint)) % N),
  );
  if (!multiples)
    addTableMultiples(
      keys,
      generatorTable(batchTableWindow(state, state.stats.confirmed)),
      lifted.map((i, k) => ((N - (e[i] as bigint)) * (rInverse[k] as bigint)) % N),
    );
  signersFromKeys(state, keys, lifted, scalars);
}
