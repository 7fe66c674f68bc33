import { canonicalLimbs, limbs } from "./internal/fieldLimbs.js";
import { type PointBatch, present, sparePointBatch } from "./internal/pointBatch.js";
import { liftSignatureR } from "./liftSignatureR.js";
import type { BatchScalars, NobleRecoveryState } from "./nobleRecoveryState.js";
import { recoverSignerInFull } from "./recoverSignerInFull.js";
import type { RecoveryInput } from "./types.js";

// Scratch for u1·G's x and a lifted point's x, in canonical limbs.
const coordinate = new Float64Array(limbs);
const liftedX = new Float64Array(limbs);

/**
 * Verdicts only, once every allowed solver's key is known: `pending` were confirmed by none of
 * them, and recovery returns a key Q exactly when Q confirms the signature, so none of them
 * recovers to an allowed solver's key. Its recovered address could then be an allowed one only
 * if two keys shared an address (a collision of keccak-256 on 160 bits, which the whole address
 * scheme rests on no one finding); so each comes back `false`, signer not allowed, and the
 * variable-base walk that recovery needs (most of its cost) is saved. What is still told
 * exactly is whether it recovers at all: r must be a point's x (the square root, as recovery
 * lifts it), and s·R - e·G must not vanish, that is R must not be u1·G (an R with the x of
 * u1·G, or an entry whose u1·G met a special case, goes to noble).
 *
 * @param state - The recovery's state (`stats.rejected` and `stats.recovered` counted).
 * @param pending - Indices into the batch of the signatures no known key confirmed.
 * @param scalars - The batch's r, s, inputs, and `out`, where each verdict is written: `false`,
 * null (no signer) or, from noble, the signer.
 * @param multiples - u1·G of each of `pending`, at entry `at[k]` of `base`.
 * @returns Nothing. Never throws.
 * @example
 * rejectTogether(state, pending, scalars, { base: multiples.base, at })
 */
export function rejectTogether(
  state: NobleRecoveryState,
  pending: number[],
  scalars: BatchScalars,
  { base, at }: { base: PointBatch; at: number[] },
): void {
  const { r, s, inputs, out } = scalars;
  const lifted = sparePointBatch("rejected", 1);
  for (const [k, i] of pending.entries()) {
    const input = inputs[i] as RecoveryInput;
    const from = at[k] as number;
    if (base.state[from] !== present) {
      out[i] = recoverSignerInFull(state, r[i] as bigint, s[i] as bigint, input.yParity, input.digest);
      continue;
    }
    if (!liftSignatureR(input.rs, input.yParity, lifted, 0)) {
      // r is no point's x: recovery throws, so no signer.
      state.stats.recovered++;
      out[i] = null;
      continue;
    }
    canonicalLimbs(coordinate, 0, base.xs, from * limbs);
    canonicalLimbs(liftedX, 0, lifted.xs, 0);
    let sameX = true;
    for (let l = 0; l < limbs; l++) if (coordinate[l] !== liftedX[l]) sameX = false;
    if (sameX) {
      out[i] = recoverSignerInFull(state, r[i] as bigint, s[i] as bigint, input.yParity, input.digest);
      continue;
    }
    state.stats.rejected++;
    out[i] = false;
  }
}
