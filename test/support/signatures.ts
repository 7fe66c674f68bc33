// Test support: signatures over a digest as the audit's recovery functions receive them (the
// signing and the `r || s || v` form of the seeded corpus).
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { secp256k1N } from "../../packages/attestkit/src/attestation/constants.js";
import { bytesToHex } from "../../packages/attestkit/src/attestation/noble/bytesToHex.js";
import { parseSignatureNoble } from "../../packages/attestkit/src/attestation/noble/parseSignatureNoble.js";
import { readSignature } from "../../packages/attestkit/src/audit/internal/readSignature.js";
import type { RecoveryInput } from "../../packages/attestkit/src/audit/types.js";
import { rsv } from "./corpus/values.js";

/** Recovery input that also keeps the signature as hex (for the reference verifiers), r and s. */
export type SignedInput = RecoveryInput & { signature: string; r: bigint; s: bigint };

/** A deterministic 32-byte value from a label. */
export const bytes32 = (label: string) => keccak_256(new TextEncoder().encode(label));

/** The 65-byte hex signature `r || s || v`. */
export { rsv };

/** Recovery input from a signature in hex (which must pass the signature rules). */
export function recoveryInput(digest: Uint8Array, signature: string): SignedInput {
  const { r, s } = parseSignatureNoble(signature);
  return { digest, signature, r, s, ...readSignature(signature) };
}

/** Signs `digest` with `key` (low s) and returns the recovery input. */
export function signDigest(digest: Uint8Array, key: Uint8Array): SignedInput {
  const signed = secp256k1.sign(digest, key, { prehash: false, format: "recovered" });
  const r = BigInt(bytesToHex(signed.subarray(1, 33)));
  const s = BigInt(bytesToHex(signed.subarray(33, 65)));
  return recoveryInput(digest, rsv(r, s, 27 + (signed[0] as number)));
}

/** The same signature with the other `v`: it recovers a different key. */
export function flipV({ digest, r, s, yParity }: SignedInput): SignedInput {
  return recoveryInput(digest, rsv(r, s, 28 - yParity));
}

/** A signature whose recovery hits the point at infinity (s R = e G). */
export function infinitySignature(digest: Uint8Array): SignedInput {
  for (let s = 1n; ; s++) {
    const e = BigInt(bytesToHex(digest)) % secp256k1N;
    const R = secp256k1.Point.BASE.multiply((e * secp256k1.Point.Fn.inv(s)) % secp256k1N).toAffine();
    if (R.x < secp256k1N) return recoveryInput(digest, rsv(R.x, s, R.y % 2n === 0n ? 27 : 28));
  }
}

/** A signature whose `r` is no curve point's x coordinate. */
export function offCurveSignature(digest: Uint8Array): SignedInput {
  for (let r = 1n; ; r++) {
    try {
      secp256k1.Point.fromHex(`02${r.toString(16).padStart(64, "0")}`);
    } catch {
      return recoveryInput(digest, rsv(r, 1n, 27));
    }
  }
}
