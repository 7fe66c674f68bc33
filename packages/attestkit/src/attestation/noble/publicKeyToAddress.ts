import { keccak_256 } from "@noble/hashes/sha3.js";
import { checksumAddress } from "./checksumAddress.js";

/** A key that is not 65 bytes starting with 0x04 (the uncompressed SEC1 form). */
export type PublicKeyToAddressErrorType = RangeError;

/**
 * Derives the Ethereum address of a secp256k1 public key: the last 20 bytes of keccak256 of the
 * 64-byte `x || y` (the uncompressed key without its `0x04` tag).
 *
 * @param publicKey - The 65-byte uncompressed public key, `0x04 || x || y`.
 * @returns The EIP-55 checksummed address.
 * @example
 * publicKeyToAddress(secp256k1.getPublicKey(secretKey, false))
 */
export function publicKeyToAddress(publicKey: Uint8Array): `0x${string}` {
  if (publicKey.length !== 65 || publicKey[0] !== 4)
    throw new RangeError("expected a 65-byte uncompressed public key starting with 0x04");
  return checksumAddress(keccak_256(publicKey.subarray(1)).subarray(12));
}
