import { type Hex, hashMessage, isHex, size } from "viem";
import { BaseError, type BaseErrorType } from "../errors/BaseError.js";

export type AttestationDigestParameters = {
  /** The attestation hash (32 bytes). */
  hash: Hex;
};
export type AttestationDigestReturnType = Hex;

/** A hash that is not 32 bytes of hex (the only input it refuses). */
export type AttestationDigestErrorType = BaseErrorType;

/**
 * The EIP-191 personal-message digest of an attestation hash:
 * `keccak256("\x19Ethereum Signed Message:\n32" || hash)`, where the 32 hash bytes are the message
 * (not their hex text). This is what ecrecover sees.
 *
 * @param parameters - {@link AttestationDigestParameters}
 * @returns The digest. {@link AttestationDigestReturnType}
 * @example
 * attestationDigest({ hash: hashAttestation({ requestId, requestData }) })
 */
export function attestationDigest({ hash }: AttestationDigestParameters): AttestationDigestReturnType {
  if (!isHex(hash, { strict: true }) || size(hash) !== 32)
    throw new BaseError(`Attestation hash is not 32 bytes of hex: ${String(hash)}.`, {
      name: "InvalidHashError",
    });
  return hashMessage({ raw: hash });
}
