import { confirmWithKeys } from "./confirmWithKeys.js";
import { generatorMultiples } from "./generatorMultiples.js";
import type {
  BatchScalars,
  GeneratorMultiples,
  KnownSolverKey,
  NobleRecoveryState,
} from "./nobleRecoveryState.js";
import { recoverSignerInFull } from "./recoverSignerInFull.js";
import type { RecoveryInput } from "./types.js";

/** What confirmation left of a batch. */
export type ConfirmAndLearnReturnType = {
  /** Indices into the batch of the signatures still without a signer. */
  pending: number[];
  /** Entry of `multiples.base` of each of `pending`. */
  at: number[];
  /** u1·G and u2 of the batch, once any key was tried. */
  multiples: GeneratorMultiples | undefined;
};

/**
 * Confirms a batch against every key known (the one that confirmed most of the last batch
 * first); while most of the batch is left and an allowed solver's key is not yet known, recovers
 * one signature alone: the key it may teach confirms the rest far more cheaply than recovering
 * them. So a thread's first batch learns its solvers' keys without recovering the whole batch.
 * It stops once fewer than `minBatch` or a quarter of the batch are left, after two recoveries in
 * a row that taught nothing, or once every allowed solver's key is known.
 *
 * @param state - The recovery's state (keys learned and reordered by their hits, counts kept).
 * @param scalars - The batch as integers (`readBatchScalars`); signers found are written to `out`.
 * @returns What is left, and the u1·G built for it. {@link ConfirmAndLearnReturnType} Never throws.
 * @example
 * const { pending, at, multiples } = confirmAndLearn(state, scalars)
 */
export function confirmAndLearn(state: NobleRecoveryState, scalars: BatchScalars): ConfirmAndLearnReturnType {
  const { allowed, known, minBatch } = state;
  const { inputs, out } = scalars;
  let pending = inputs.map((_, i) => i);
  let at = pending.slice();
  let multiples: GeneratorMultiples | undefined;
  const tried = new Set<KnownSolverKey>();
  for (let fruitless = 0; ; ) {
    const fresh = [...known].sort((a, b) => b.hits - a.hits).filter((key) => !tried.has(key));
    if (fresh.length > 0 && pending.length > 0) {
      if (multiples === undefined) {
        multiples = generatorMultiples(state, pending, scalars);
        at = pending.map((_, k) => k);
      }
      ({ pending, at } = confirmWithKeys(state, fresh, pending, at, multiples, scalars));
      for (const key of fresh) tried.add(key);
    }
    // Nothing left to learn once every allowed solver's key is known.
    if (
      pending.length < minBatch ||
      pending.length * 4 < inputs.length ||
      fruitless === 2 ||
      known.length >= allowed.size
    )
      break;
    const i = pending.shift() as number;
    at.shift();
    const before = known.length;
    const input = inputs[i] as RecoveryInput;
    out[i] = recoverSignerInFull(
      state,
      scalars.r[i] as bigint,
      scalars.s[i] as bigint,
      input.yParity,
      input.digest,
    );
    fruitless = known.length > before ? 0 : fruitless + 1;
  }
  return { pending, at, multiples };
}
