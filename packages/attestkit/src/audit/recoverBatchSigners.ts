import type { Address } from "viem";
import { confirmAndLearn } from "./confirmAndLearn.js";
import type { NobleRecoveryState } from "./nobleRecoveryState.js";
import { readBatchScalars } from "./readBatchScalars.js";
import { recoverOneSigner } from "./recoverOneSigner.js";
import { recoverSignerInFull } from "./recoverSignerInFull.js";
import { recoverTogether } from "./recoverTogether.js";
import { rejectTogether } from "./rejectTogether.js";
import type { BatchRecoveryOptions, RecoveryInput } from "./types.js";

/**
 * The signers of a batch, in order, each exactly what one at a time would give (see
 * `createNobleRecovery`): a batch below `minBatch` goes one at a time; otherwise it is confirmed
 * against the known keys (`confirmAndLearn`), and what is left is rejected as not allowed
 * (`signers: false`, every allowed key known: `rejectTogether`), recovered one at a time (fewer
 * than `minBatch` left) or recovered together (`recoverTogether`).
 *
 * @param state - The recovery's state.
 * @param inputs - 32-byte digests, 64-byte `r || s` (the signature rules already passed), parities.
 * @param options - `signers: false` for verdicts only. {@link BatchRecoveryOptions}
 * @returns Per input: its signer's EIP-55 address, null where none recovers, or `false` (signer
 * not allowed, not worked out) where `signers: false` allows it. Never throws.
 * @example
 * recoverBatchSigners(state, inputs, { signers: false }) // ["0xf39F...2266", false, null, ...]
 */
export function recoverBatchSigners(
  state: NobleRecoveryState,
  inputs: readonly RecoveryInput[],
  { signers = true }: BatchRecoveryOptions = {},
): (Address | null | false)[] {
  const { allowed, known, minBatch } = state;
  if (inputs.length < minBatch) return inputs.map((input) => recoverOneSigner(state, input));
  const scalars = readBatchScalars(inputs);
  const { pending, at, multiples } = confirmAndLearn(state, scalars);
  const { r, s, out } = scalars;
  if (!signers && multiples !== undefined && allowed.size > 0 && known.length >= allowed.size)
    rejectTogether(state, pending, scalars, { base: multiples.base, at });
  else if (pending.length < minBatch)
    for (const i of pending) {
      const input = inputs[i] as RecoveryInput;
      out[i] = recoverSignerInFull(state, r[i] as bigint, s[i] as bigint, input.yParity, input.digest);
    }
  else recoverTogether(state, pending, scalars, multiples && { base: multiples.base, at });
  return out;
}
