import { type Hex, hexToBigInt } from "viem";
import { type ToAttestationWordsParameters, toAttestationWords } from "./toAttestationWords.js";

/** The v1 attestation as the Solidity `Attestation` struct takes it (fields in signing order). */
export type AttestationStruct = {
  requestId: Hex;
  originChainId: bigint;
  originUser: Hex;
  originCurrency: Hex;
  originAmount: bigint;
  destinationChainId: bigint;
  destinationUser: Hex;
};

/** The v2 attestation as the Solidity `AttestationV2` struct takes it. */
export type AttestationStructV2 = {
  requestId: Hex;
  originChainId: bigint;
  originUser: Hex;
  originCurrency: Hex;
  destinationChainId: bigint;
  destinationUser: Hex;
  destinationCurrency: Hex;
};

export type ToAttestationStructParameters = ToAttestationWordsParameters;

/**
 * Turns an attestation (as the signature endpoint returns it) into the struct the contracts take —
 * `AttestationVerifier`, `AttestedDepositReceiver.payNative` / `payErc20` — with every string field
 * already its `bytes32` word, by the same rules as the signed hash.
 *
 * @param parameters - {@link ToAttestationStructParameters}
 * @returns The struct, ready for viem's `writeContract` / `readContract`.
 * @example
 * const attestation = toAttestationStruct({ requestId, requestData })
 * await wallet.writeContract({ address: receiver, abi, functionName: "payNative",
 *   args: [attestation, signature, deadline], value: attestation.originAmount })
 */
export function toAttestationStruct(
  parameters: ToAttestationStructParameters & { version?: "v1" | undefined },
): AttestationStruct;
export function toAttestationStruct(
  parameters: ToAttestationStructParameters & { version: "v2" },
): AttestationStructV2;
export function toAttestationStruct(
  parameters: ToAttestationStructParameters,
): AttestationStruct | AttestationStructV2 {
  const { words } = toAttestationWords(parameters);
  const fields = Object.fromEntries(words) as Record<string, Hex>;
  const uint = (name: string) => hexToBigInt(fields[name] as Hex);
  const common = {
    requestId: fields.requestId as Hex,
    originChainId: uint("originChainId"),
    originUser: fields.originUser as Hex,
    originCurrency: fields.originCurrency as Hex,
  };
  if (parameters.version === "v2")
    return {
      ...common,
      destinationChainId: uint("destinationChainId"),
      destinationUser: fields.destinationUser as Hex,
      destinationCurrency: fields.destinationCurrency as Hex,
    };
  return {
    ...common,
    originAmount: uint("originAmount"),
    destinationChainId: uint("destinationChainId"),
    destinationUser: fields.destinationUser as Hex,
  };
}
