import { encodeAbiParameters, type Hex, hexToBigInt } from "viem";
import {
  type ToAttestationWordsErrorType,
  type ToAttestationWordsParameters,
  toAttestationWords,
} from "./toAttestationWords.js";

export type EncodeAttestationParameters = ToAttestationWordsParameters;
export type EncodeAttestationReturnType = Hex;
export type EncodeAttestationErrorType = ToAttestationWordsErrorType;

/** The v1 tuple, as the signature endpoint signs it. */
export const attestationAbiV1 = [
  { name: "requestId", type: "bytes32" },
  { name: "originChainId", type: "uint256" },
  { name: "originUser", type: "bytes32" },
  { name: "originCurrency", type: "bytes32" },
  { name: "originAmount", type: "uint256" },
  { name: "destinationChainId", type: "uint256" },
  { name: "destinationUser", type: "bytes32" },
] as const;

/** The v2 tuple (`/signature/v2`): destinationCurrency instead of originAmount. */
export const attestationAbiV2 = [
  { name: "requestId", type: "bytes32" },
  { name: "originChainId", type: "uint256" },
  { name: "originUser", type: "bytes32" },
  { name: "originCurrency", type: "bytes32" },
  { name: "destinationChainId", type: "uint256" },
  { name: "destinationUser", type: "bytes32" },
  { name: "destinationCurrency", type: "bytes32" },
] as const;

/**
 * ABI-encodes an attestation's tuple (`abi.encode` of seven static words, 224 bytes).
 *
 * @param parameters - {@link EncodeAttestationParameters}
 * @returns The encoded tuple. {@link EncodeAttestationReturnType}
 * @example
 * encodeAttestation({ requestId, requestData }) // "0x…" (448 hex digits)
 */
export function encodeAttestation(parameters: EncodeAttestationParameters): EncodeAttestationReturnType {
  const { version, words } = toAttestationWords(parameters);
  const abi = version === "v2" ? attestationAbiV2 : attestationAbiV1;
  // Words already hold the 32-byte values; uint256 words go through as integers so the ABI coder
  // does the encoding, not a concatenation of ours.
  const values = words.map(([, word], i) => (abi[i]?.type === "uint256" ? hexToBigInt(word) : word));
  return encodeAbiParameters(abi, values as never);
}
