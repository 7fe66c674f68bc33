import { sharedGeneratorWindow } from "./internal/generatorTables.js";
import type { NobleRecoveryState } from "./nobleRecoveryState.js";
import { recoverBatchSigners } from "./recoverBatchSigners.js";
import { recoverOneSigner } from "./recoverOneSigner.js";
import type { BatchSignerRecovery, SignerRecovery } from "./types.js";

export type CreateNobleRecoveryParameters = {
  /** Lowercase addresses of the allowed solvers: their keys are learned and precomputed. */
  allowed: ReadonlySet<string>;
  /** wNAF window of the one-at-a-time tables (default 8: 33 x 128 points per key). */
  window?: number | undefined;
  /**
   * Window of the batch tables (default 12: 23 x 2,048 points per key, about 8 MB, built in about
   * 35 ms once the code is warm; 22 additions per scalar).
   */
  batchWindow?: number | undefined;
  /**
   * Window of a batch table until it has served `widenAfter` signatures in this thread (default
   * 10: 27 x 512 points, about 2 MB, built in about 12 ms; 26 additions per scalar). Four more
   * additions cost about 2 us per signature, so a wide table pays for its build after some
   * 10,000 more; one that has served 30,000 is likely to serve that many again. A short audit,
   * or a solver that signs a small share, never builds one. G's table of this default window is
   * the one an audit shares with its worker threads (`sharedGeneratorWindow`).
   */
  narrowWindow?: number | undefined;
  /** Signatures a table serves before it is widened (default 30,000; 0: wide from the start). */
  widenAfter?: number | undefined;
  /** Batches of fewer signatures than this go one at a time, where that is faster (default 8). */
  minBatch?: number | undefined;
};

/** Recovery that also counts how each signer was found. */
export type NobleRecovery = SignerRecovery & {
  /** Many signatures at once, in order; each exactly what one at a time would give. */
  readonly batch: BatchSignerRecovery;
  /**
   * `confirmed`: matched a learned solver key; `recovered`: recovered in full (or none possible);
   * `rejected`: verdicts only, matched none of the solvers' keys and not recovered in full.
   */
  readonly stats: { confirmed: number; recovered: number; rejected: number };
};

/**
 * Builds signer recovery on `@noble/curves` that is fast for a fixed solver set, and exact: every
 * answer is the signer noble's `recoverPublicKey` gives, or null where it throws.
 *
 * Confirmation. Once a solver's key Q is learned (from a full recovery), a signature (r, s, v)
 * over digest e is its signature exactly when T = (e/s)·G + (r/s)·Q has x(T) = r and
 * parity(y(T)) = v - 27: recovery lifts R = (r, parity) and returns (s·R - e·G)/r, and
 * s·T - e·G = r·Q, so T = R if and only if recovery returns Q. (x is compared to r itself, not
 * mod n: with v in {27, 28} recovery lifts the point whose x is r.) A signature that does not
 * pass is recovered in full, so a forged or foreign signature can never be reported as Q's: it is
 * reported with the key it recovers to.
 *
 * Batches. `batch` confirms all of a batch's signatures together: T is a sum of points from
 * tables of multiples of G and of Q (one point per nonzero signed 12-bit digit of each scalar, no
 * doubling, no square root), added in affine coordinates where the field inversions of the whole
 * batch are shared (Montgomery's trick: one inversion and three multiplications each; still exact
 * arithmetic, on limbs in doubles: internal/fieldLimbs.ts). u1·G = (e/s)·G is built once and each
 * learned key adds its u2·Q to it, the key that confirmed most of the last batch first, so more
 * solvers cost one table walk each, not a whole check. x(T) and the parity of y(T) are compared
 * in canonical limbs. The signatures that are not confirmed are recovered together: R lifted
 * from r and v (the square root by an addition chain), then Q = (s/r)·(R - u1·G), which is
 * recovery's (s·R - e·G)/r with u1·G already at hand, by a shared 4-bit window walk with the
 * endomorphism. An addition that would need a special case (a point plus itself or its
 * negation) sends that one signature to noble's own `recoverPublicKey`. Nothing is
 * probabilistic; no signature is accepted on a combined check.
 *
 * Verdicts only (`batch(inputs, { signers: false })`, for a summary that never shows the signer
 * of a rejected signature): once every allowed solver's key is known, a signature that none of
 * them confirms comes back `false` (its signer is not allowed) without its key being worked out,
 * or null where it recovers to no key; see `rejectTogether`.
 *
 * @param parameters - {@link CreateNobleRecoveryParameters}
 * @returns The recovery function, its batch form and its counts. {@link NobleRecovery}
 * @example
 * const recover = createNobleRecovery({ allowed: new Set([solver.toLowerCase()]) })
 * recover.batch(inputs) // ["0xf39F...2266", null, ...]
 */
export function createNobleRecovery({
  allowed,
  window = 8,
  batchWindow = 12,
  narrowWindow = sharedGeneratorWindow,
  widenAfter = 30_000,
  minBatch = 8,
}: CreateNobleRecoveryParameters): NobleRecovery {
  const state: NobleRecoveryState = {
    allowed,
    known: [],
    stats: { confirmed: 0, recovered: 0, rejected: 0 },
    window,
    batchWindow,
    // Never wider than the window it widens to.
    narrowWindow: Math.min(batchWindow, narrowWindow),
    widenAfter,
    minBatch,
  };
  const recover: SignerRecovery = (input) => recoverOneSigner(state, input);
  const batch: BatchSignerRecovery = (inputs, options) => recoverBatchSigners(state, inputs, options);
  return Object.assign(recover, { stats: state.stats, batch });
}
