import { batchTableOf } from "./batchTableOf.js";
import { canonicalLimbs, copyLimbs, limbs, limbsFromBytes } from "./internal/fieldLimbs.js";
import { addTableDigits, signedDigitsInto } from "./internal/fixedTable.js";
import { present, spareFloat64, spareInt32, sparePointBatch } from "./internal/pointBatch.js";
import { matchesSignatureR } from "./matchesSignatureR.js";
import type {
  BatchScalars,
  GeneratorMultiples,
  KnownSolverKey,
  NobleRecoveryState,
} from "./nobleRecoveryState.js";
import type { RecoveryInput } from "./types.js";

/** The signatures no key confirmed: their indices into the batch, and their entries in `base`. */
export type ConfirmWithKeysReturnType = { pending: number[]; at: number[] };

/**
 * Confirms what it can of `pending` against `keys`, in order: T = u1·G + u2·Q, u1·G taken from
 * `base` at `at[k]` and u2·Q added from the key's fixed table (one point per nonzero signed digit,
 * no doubling); T confirms when x(T) = r and parity(y(T)) = v - 27 (the rule of
 * `createNobleRecovery`). The entries a key confirms leave before the next key is tried, and get
 * its address in `out`; each key's `hits` is reset to what it confirmed here.
 *
 * @param state - The recovery's state (`stats.confirmed` and each key's `served` counted).
 * @param keys - The keys to try, most likely first.
 * @param pending - Indices into the batch of the signatures still without a signer.
 * @param at - Entry of `base` (and index of `u2`) of each of `pending`.
 * @param multiples - u1·G and u2 of the batch (`generatorMultiples`).
 * @param scalars - The batch's inputs and where its signers go.
 * @returns The rest, with their entries in `base`. {@link ConfirmWithKeysReturnType} Never throws.
 * @example
 * ({ pending, at } = confirmWithKeys(state, fresh, pending, at, multiples, scalars))
 */
export function confirmWithKeys(
  state: NobleRecoveryState,
  keys: KnownSolverKey[],
  pending: number[],
  at: number[],
  { base, u2 }: GeneratorMultiples,
  { inputs, out }: BatchScalars,
): ConfirmWithKeysReturnType {
  // r as the x coordinate T must have, in canonical limbs.
  const rLimbs = spareFloat64("r", pending.length * limbs);
  for (const [k, i] of pending.entries()) {
    limbsFromBytes((inputs[i] as RecoveryInput).rs, 0, rLimbs, k * limbs);
    canonicalLimbs(rLimbs, k * limbs, rLimbs, k * limbs);
  }
  let left = pending.map((_, k) => k);
  for (const key of keys) {
    key.hits = 0;
    if (left.length === 0) continue;
    const table = batchTableOf(state, key);
    const sums = sparePointBatch("T", left.length);
    const digits = spareInt32("u2", left.length * table.windows);
    for (const [n, k] of left.entries()) {
      const from = at[k] as number;
      copyLimbs(sums.xs, n * limbs, base.xs, from * limbs);
      copyLimbs(sums.ys, n * limbs, base.ys, from * limbs);
      sums.state[n] = base.state[from] as number;
      signedDigitsInto(u2[from] as bigint, table.w, table.windows, digits, n * table.windows);
    }
    addTableDigits(sums, table, digits);
    const kept: number[] = [];
    for (const [n, k] of left.entries()) {
      const i = pending[k] as number;
      if (
        sums.state[n] === present &&
        matchesSignatureR(sums, n, rLimbs, k, (inputs[i] as RecoveryInput).yParity)
      ) {
        out[i] = key.address;
        state.stats.confirmed++;
        key.hits++;
        key.served++;
      } else kept.push(k);
    }
    left = kept;
  }
  return { pending: left.map((k) => pending[k] as number), at: left.map((k) => at[k] as number) };
}
