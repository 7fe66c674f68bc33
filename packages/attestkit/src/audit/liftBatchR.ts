import { limbs } from "./internal/fieldLimbs.js";
import { addPoints, type PointBatch, pointLists, present, sparePointBatch } from "./internal/pointBatch.js";
import { liftSignatureR } from "./liftSignatureR.js";
import type { BatchScalars, NobleRecoveryState } from "./nobleRecoveryState.js";
import { recoverSignerInFull } from "./recoverSignerInFull.js";
import type { RecoveryInput } from "./types.js";

/** The points a batch recovery starts from, and whose they are. */
export type LiftBatchRReturnType = {
  /** R (or R - u1·G) of `lifted[k]` at entry k: the thread's spare batch "R". */
  points: PointBatch;
  /** Indices into the batch of the signatures lifted, in order. */
  lifted: number[];
};

/**
 * The first step of recovering `pending` together: each signature's R lifted from r and its
 * parity (`liftSignatureR`); with `multiples` (u1·G at entry `at[k]` of `base`), R - u1·G instead,
 * all subtracted in one shared-inversion step. A signature whose r is no point's x gets null in
 * `out` (recovery throws on it: no signer); one whose u1·G met a special case (a point plus itself
 * or its negation) goes to noble's own recovery.
 *
 * @param state - The recovery's state (`stats.recovered` counted).
 * @param pending - Indices into the batch of the signatures to recover.
 * @param scalars - The batch's inputs and where its signers go.
 * @param multiples - u1·G of each of `pending`, when at hand.
 * @returns The points and the signatures they belong to. {@link LiftBatchRReturnType} Never throws.
 * @example
 * const { points, lifted } = liftBatchR(state, pending, scalars, multiples)
 */
export function liftBatchR(
  state: NobleRecoveryState,
  pending: number[],
  scalars: BatchScalars,
  multiples?: { base: PointBatch; at: number[] },
): LiftBatchRReturnType {
  const { r, s, inputs, out } = scalars;
  const points = sparePointBatch("R", pending.length);
  const lifted: number[] = [];
  const { index, offsets, negate } = pointLists(pending.length);
  for (const [k, i] of pending.entries()) {
    const input = inputs[i] as RecoveryInput;
    if (multiples && multiples.base.state[multiples.at[k] as number] !== present) {
      // Its u1 * G met a special case: noble recovers it.
      out[i] = recoverSignerInFull(state, r[i] as bigint, s[i] as bigint, input.yParity, input.digest);
      continue;
    }
    if (!liftSignatureR(input.rs, input.yParity, points, lifted.length)) {
      // r is no point's x: recovery throws, so no signer.
      state.stats.recovered++;
      out[i] = null;
      continue;
    }
    if (multiples) {
      index[lifted.length] = lifted.length;
      offsets[lifted.length] = (multiples.at[k] as number) * limbs;
      negate[lifted.length] = 1;
    }
    lifted.push(i);
  }
  if (multiples)
    addPoints(points, lifted.length, index, multiples.base.xs, multiples.base.ys, offsets, negate);
  return { points, lifted };
}
