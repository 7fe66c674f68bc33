import { type Hex, keccak256 } from "viem";
import {
  type EncodeAttestationErrorType,
  type EncodeAttestationParameters,
  encodeAttestation,
} from "./encodeAttestation.js";

export type HashAttestationParameters = EncodeAttestationParameters;
export type HashAttestationReturnType = Hex;
export type HashAttestationErrorType = EncodeAttestationErrorType;

/**
 * Hashes an attestation: `keccak256(abi.encode(tuple))`, the 32-byte message the solver signs.
 *
 * @param parameters - {@link HashAttestationParameters}
 * @returns The hash. {@link HashAttestationReturnType}
 * @example
 * hashAttestation({ requestId, requestData })
 */
export function hashAttestation(parameters: HashAttestationParameters): HashAttestationReturnType {
  return keccak256(encodeAttestation(parameters));
}
