import { secp256k1 } from "@noble/curves/secp256k1.js";
import { publicKeyToAddress } from "../attestation/noble/publicKeyToAddress.js";
import { canonicalLimbs, canonicalToBytes, limbs } from "./internal/fieldLimbs.js";
import { type PointBatch, present } from "./internal/pointBatch.js";
import { learnSolverKey } from "./learnSolverKey.js";
import type { BatchScalars, NobleRecoveryState } from "./nobleRecoveryState.js";
import { recoverSignerInFull } from "./recoverSignerInFull.js";
import type { RecoveryInput } from "./types.js";

const { Point } = secp256k1;

// Scratch for one coordinate in canonical limbs.
const coordinate = new Float64Array(limbs);

/**
 * The last step of recovering signatures together: each recovered key Q, in limbs, written as an
 * uncompressed key (`0x04 || x || y`, SEC 1 v2 section 2.3.3) and turned into its address
 * (keccak-256 of x || y, last 20 bytes, EIP-55). An allowed solver's key not yet known is learned;
 * an entry that met a special case on the way goes to noble's own recovery.
 *
 * @param state - The recovery's state (`stats.recovered` counted, keys learned).
 * @param keys - Q of `lifted[k]` at entry k.
 * @param lifted - Indices into the batch of the signatures recovered.
 * @param scalars - The batch's r, s, inputs, and `out`, where each signer is written.
 * @returns Nothing. Never throws.
 * @example
 * signersFromKeys(state, keys, lifted, scalars)
 */
export function signersFromKeys(
  state: NobleRecoveryState,
  keys: PointBatch,
  lifted: readonly number[],
  { r, s, inputs, out }: BatchScalars,
): void {
  const { allowed, known } = state;
  const publicKey = new Uint8Array(65);
  publicKey[0] = 4;
  for (const [k, i] of lifted.entries()) {
    const input = inputs[i] as RecoveryInput;
    if (keys.state[k] !== present) {
      out[i] = recoverSignerInFull(state, r[i] as bigint, s[i] as bigint, input.yParity, input.digest);
      continue;
    }
    state.stats.recovered++;
    canonicalLimbs(coordinate, 0, keys.xs, k * limbs);
    canonicalToBytes(coordinate, 0, publicKey, 1);
    canonicalLimbs(coordinate, 0, keys.ys, k * limbs);
    canonicalToBytes(coordinate, 0, publicKey, 33);
    const address = publicKeyToAddress(publicKey);
    // Checked here first, so a key that will not be kept is never decoded into a point.
    if (allowed.has(address.toLowerCase()) && !known.some((key) => key.address === address))
      learnSolverKey(state, address, Point.fromBytes(publicKey));
    out[i] = address;
  }
}
