import { secp256k1 } from "@noble/curves/secp256k1.js";
import type { Address } from "viem";
import { bytesToHex } from "../attestation/noble/bytesToHex.js";
import { bytesToBigInt } from "./bytesToBigInt.js";
import type { NoblePoint, NobleRecoveryState } from "./nobleRecoveryState.js";
import { recoverSignerInFull } from "./recoverSignerInFull.js";
import type { RecoveryInput } from "./types.js";

const { Point } = secp256k1;
const { Fn } = Point;

// Per thread: G's wNAF precomputes, one per window (private copies, so noble's shared BASE point is
// untouched).
const generators = new Map<number, NoblePoint>();

/**
 * One signature's signer: confirmed against each learned solver key, else recovered in full.
 * A key Q confirms (r, s, v) over digest e exactly when T = (e/s)·G + (r/s)·Q has x(T) = r and
 * parity(y(T)) = v - 27 (recovery returns (s·R - e·G)/r, and s·T - e·G = r·Q, so T = R if and
 * only if recovery returns Q; see `createNobleRecovery`). The key that confirms moves to the front.
 *
 * @param state - The recovery's state (`known` reordered, `stats` counted, keys learned).
 * @param input - The 32-byte digest, `r || s` (64 bytes) and the parity of R's y.
 * @returns The signer's EIP-55 address, exactly what noble's `recoverPublicKey` gives, or null
 * where it throws. Never throws.
 * @example
 * recoverOneSigner(state, { digest, rs, yParity: 0 }) // "0xf39F...2266"
 */
export function recoverOneSigner(
  state: NobleRecoveryState,
  { digest, rs, yParity }: RecoveryInput,
): Address | null {
  const { known, window } = state;
  const r = bytesToBigInt(rs.subarray(0, 32));
  const s = bytesToBigInt(rs.subarray(32, 64));
  if (known.length > 0) {
    let generator = generators.get(window);
    if (generator === undefined) {
      generator = Point.fromAffine(Point.BASE.toAffine()).precompute(window);
      generators.set(window, generator);
    }
    const e = Fn.create(BigInt(bytesToHex(digest)));
    const sInverse = Fn.inv(s);
    const eG = generator.multiplyUnsafe(Fn.create(e * sInverse));
    const u2 = Fn.create(r * sInverse);
    for (const [i, key] of known.entries()) {
      key.precomputed ??= Point.fromAffine(key.point.toAffine()).precompute(window);
      const R = eG.add(key.precomputed.multiplyUnsafe(u2));
      if (R.is0()) continue;
      const { x, y } = R.toAffine();
      if (x === r && Number(y & 1n) === yParity) {
        if (i > 0) known.unshift(...known.splice(i, 1));
        state.stats.confirmed++;
        return key.address;
      }
    }
  }
  return recoverSignerInFull(state, r, s, yParity, digest);
}
