import { keccak_256 } from "@noble/hashes/sha3.js";

/** A message that is not 32 bytes (a caller's mistake: every attestation hash is 32). */
export type PersonalDigestErrorType = RangeError;

/**
 * "\x19Ethereum Signed Message:\n32": EIP-191 version 0x45 with the message length in decimal
 * ASCII (28 bytes). Read only: the bulk audit writes it once into a message it reuses.
 */
export const personalPrefix = new TextEncoder().encode("\x19Ethereum Signed Message:\n32");

/**
 * Computes the EIP-191 personal-message digest of a 32-byte hash, the value an Ethereum wallet
 * (and `ecrecover` after `toEthSignedMessageHash`) signs: `keccak256(prefix || hash)`.
 *
 * @param hash - Exactly 32 bytes (the attestation hash).
 * @returns The 32-byte digest.
 * @example
 * personalDigest(keccak_256(encoded))
 */
export function personalDigest(hash: Uint8Array): Uint8Array {
  if (hash.length !== 32) throw new RangeError(`the signed message is 32 bytes, not ${hash.length}`);
  const message = new Uint8Array(personalPrefix.length + 32);
  message.set(personalPrefix);
  message.set(hash, personalPrefix.length);
  return keccak_256(message);
}
