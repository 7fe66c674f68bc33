import { secp256k1 } from "@noble/curves/secp256k1.js";
import type { Address } from "viem";
import { publicKeyToAddress } from "../attestation/noble/publicKeyToAddress.js";
import { learnSolverKey } from "./learnSolverKey.js";
import type { NoblePoint, NobleRecoveryState } from "./nobleRecoveryState.js";

const { Signature } = secp256k1;

/**
 * Recovers one signature's signer with noble's own `recoverPublicKey`, the same calls as
 * `recoverSignerNoble` (SEC 1 v2, section 4.1.6), and learns the key when it is an allowed
 * solver's. Counted in `stats.recovered`.
 *
 * @param state - The recovery's state.
 * @param r - r as an integer (1 to n - 1 once the signature rules have passed).
 * @param s - s as an integer.
 * @param yParity - The parity of R's y (`v - 27`).
 * @param digest - The 32-byte digest signed.
 * @returns The signer's EIP-55 address, or null where noble throws (no key recovers).
 * @example
 * recoverSignerInFull(state, r, s, 0, digest) // "0xf39F...2266"
 */
export function recoverSignerInFull(
  state: NobleRecoveryState,
  r: bigint,
  s: bigint,
  yParity: 0 | 1,
  digest: Uint8Array,
): Address | null {
  state.stats.recovered++;
  let publicKey: NoblePoint;
  try {
    publicKey = new Signature(r, s, yParity).recoverPublicKey(digest);
  } catch {
    return null;
  }
  const address = publicKeyToAddress(publicKey.toBytes(false));
  learnSolverKey(state, address, publicKey);
  return address;
}
