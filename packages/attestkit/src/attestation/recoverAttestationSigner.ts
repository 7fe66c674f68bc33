import { type Address, type Hex, recoverAddress, serializeSignature } from "viem";
import { type AttestationDigestErrorType, attestationDigest } from "./attestationDigest.js";
import { InvalidSignatureError, type InvalidSignatureErrorType } from "./errors.js";
import {
  type HashAttestationErrorType,
  type HashAttestationParameters,
  hashAttestation,
} from "./hashAttestation.js";
import {
  type ParseAttestationSignatureErrorType,
  parseAttestationSignature,
} from "./parseAttestationSignature.js";

export type RecoverAttestationSignerParameters =
  | {
      /** The attestation hash (keccak256 of the encoded tuple), when already computed. */
      hash: Hex;
      /** The 65-byte signature. */
      signature: unknown;
    }
  | (HashAttestationParameters & { hash?: undefined; signature: unknown });

export type RecoverAttestationSignerReturnType = Address;

export type RecoverAttestationSignerErrorType =
  | HashAttestationErrorType
  | AttestationDigestErrorType
  | ParseAttestationSignatureErrorType
  | InvalidSignatureErrorType;

/**
 * Recovers the address that signed an attestation, enforcing the shared signature rules first
 * (see {@link parseAttestationSignature}).
 *
 * @param parameters - {@link RecoverAttestationSignerParameters}
 * @returns The signer, EIP-55 checksummed. {@link RecoverAttestationSignerReturnType}
 * @example
 * await recoverAttestationSigner({ requestId, requestData, signature })
 */
export async function recoverAttestationSigner(
  parameters: RecoverAttestationSignerParameters,
): Promise<RecoverAttestationSignerReturnType> {
  const hash = parameters.hash ?? hashAttestation(parameters as HashAttestationParameters);
  const { r, s, yParity } = parseAttestationSignature({ signature: parameters.signature });
  const digest = attestationDigest({ hash });
  try {
    return await recoverAddress({ hash: digest, signature: serializeSignature({ r, s, yParity }) });
  } catch (cause) {
    // r passed the range check but is not the x-coordinate of a curve point.
    throw new InvalidSignatureError({ reason: "unrecoverable", value: r, cause });
  }
}
