import type { EncodingOptions } from "attestkit/attestation";
import { attestationAbiV1, attestationAbiV2, toBytes32 } from "attestkit/attestation";
import { encodeAbiParameters, type Hex, keccak256 } from "viem";

/** The fields of the tuple as the devnet holds them (chain ids and the amount already numbers). */
type SignedFields = {
  originChainId: number;
  originUser: string;
  originCurrency: string;
  destinationChainId: number;
  destinationUser: string;
};

export type HashRawAttestationParameters = Pick<EncodingOptions, "encoders"> & {
  requestId: Hex;
} & (
    | { version: "v1"; requestData: SignedFields & { originAmount: string } }
    | { version: "v2"; requestData: SignedFields & { destinationCurrency: string } }
  );

/**
 * Hashes the tuple a solver signs, as the live solver does: each field becomes its word by its
 * chain's rule, and no layout rule is applied. That rule belongs to verifiers: a recipient whose word
 * is a small integer (the burn address `0x…dEaD`) is signed like any other, and every attestkit
 * verifier then refuses the tuple with `AccountWordOutOfRangeError`.
 *
 * @param parameters - {@link HashRawAttestationParameters}
 * @returns `keccak256(abi.encode(tuple))`.
 * @example
 * hashRawAttestation({ requestId, requestData, version: "v1", encoders: devnetBytes32Encoders })
 */
export function hashRawAttestation(parameters: HashRawAttestationParameters): Hex {
  const { requestId, requestData: data, encoders } = parameters;
  const origin = BigInt(data.originChainId);
  const destination = BigInt(data.destinationChainId);
  const word = (field: string, value: string, chainId: bigint) =>
    toBytes32({ value, chainId, field, encoders });
  const head = [
    requestId,
    origin,
    word("originUser", data.originUser, origin),
    word("originCurrency", data.originCurrency, origin),
  ] as const;
  const encoded =
    parameters.version === "v1"
      ? encodeAbiParameters(attestationAbiV1, [
          ...head,
          BigInt(parameters.requestData.originAmount),
          destination,
          word("destinationUser", data.destinationUser, destination),
        ])
      : encodeAbiParameters(attestationAbiV2, [
          ...head,
          destination,
          word("destinationUser", data.destinationUser, destination),
          word("destinationCurrency", parameters.requestData.destinationCurrency, destination),
        ]);
  return keccak256(encoded);
}
