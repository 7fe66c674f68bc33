import { secp256k1 } from "@noble/curves/secp256k1.js";
import { InvalidSignatureError } from "../errors.js";
import { type ParseSignatureNobleErrorType, parseSignatureNoble } from "./parseSignatureNoble.js";
import { publicKeyToAddress } from "./publicKeyToAddress.js";

export type RecoverSignerNobleParameters = {
  /** The 32-byte digest that was signed (for an attestation: the EIP-191 digest of its hash). */
  digest: Uint8Array;
  /** The 65-byte `r || s || v` signature as 0x-prefixed hex. */
  signature: unknown;
};

export type RecoverSignerNobleErrorType = ParseSignatureNobleErrorType;

/**
 * Recovers the address that signed a digest, after the signature rules of
 * {@link parseSignatureNoble}; a signature whose `r` is no curve point's x, or that recovers the
 * point at infinity, is `unrecoverable` (where `ecrecover` returns address zero).
 *
 * @param parameters - {@link RecoverSignerNobleParameters}
 * @returns The signer's EIP-55 checksummed address.
 * @throws The errors of parseSignatureNoble, or InvalidSignatureError{reason: "unrecoverable"}.
 * @example
 * recoverSignerNoble({ digest, signature: "0x...1b" }) // "0xf39F...2266"
 */
export function recoverSignerNoble({ digest, signature }: RecoverSignerNobleParameters): `0x${string}` {
  const { r, s, yParity } = parseSignatureNoble(signature);
  let publicKey: Uint8Array;
  try {
    // The digest is the curve's message already: no further hashing (noble would sha256 it otherwise).
    publicKey = new secp256k1.Signature(r, s, yParity).recoverPublicKey(digest).toBytes(false);
  } catch {
    throw new InvalidSignatureError({ reason: "unrecoverable" });
  }
  return publicKeyToAddress(publicKey);
}
