import { batchTableWindow } from "./batchTableWindow.js";
import { invertAll, N } from "./internal/fieldP.js";
import { addTableMultiples } from "./internal/fixedTable.js";
import { generatorTable } from "./internal/generatorTable.js";
import { sparePointBatch } from "./internal/pointBatch.js";
import type { BatchScalars, GeneratorMultiples, NobleRecoveryState } from "./nobleRecoveryState.js";

/**
 * u1·G = (e/s)·G and u2 = r/s (mod n) for each pending signature: the half of T = u1·G + u2·Q
 * that every key shares, built once per batch from G's fixed table (the 1/s of the whole batch
 * in one inversion: Montgomery's trick, in `invertAll`).
 *
 * @param state - The recovery's windows and counts (G's table widens with `stats.confirmed`).
 * @param pending - Indices into the batch of the signatures to build for.
 * @param scalars - The batch's r, s and e (integers; s nonzero mod n, as the rules require).
 * @returns u1·G of `pending[k]` at entry k of `base` (the thread's spare batch "u1G", valid until
 * the next call), u2 at `u2[k]`. Never throws.
 * @example
 * const multiples = generatorMultiples(state, pending, scalars)
 */
export function generatorMultiples(
  state: NobleRecoveryState,
  pending: number[],
  scalars: BatchScalars,
): GeneratorMultiples {
  const { r, s, e } = scalars;
  const sInverse = invertAll(
    pending.map((i) => s[i] as bigint),
    N,
  );
  const base = sparePointBatch("u1G", pending.length);
  addTableMultiples(
    base,
    generatorTable(batchTableWindow(state, state.stats.confirmed)),
    pending.map((i, k) => ((e[i] as bigint) * (sInverse[k] as bigint)) % N),
  );
  const u2 = pending.map((i, k) => ((r[i] as bigint) * (sInverse[k] as bigint)) % N);
  return { base, u2 };
}
