import type { Hex } from "viem";
import { hexToBigInt, numberToHex } from "viem";
import { maxChainId } from "./constants.js";
import {
  AccountWordOutOfRangeError,
  type AccountWordOutOfRangeErrorType,
  type InvalidAmountErrorType,
  type InvalidChainIdErrorType,
  type InvalidRequestIdErrorType,
  type MissingFieldErrorType,
} from "./errors.js";
import { parseAmount } from "./internal/parseAmount.js";
import { parseChainId } from "./internal/parseChainId.js";
import { parseRequestId } from "./internal/parseRequestId.js";
import { type ToBytes32ErrorType, toBytes32 } from "./toBytes32.js";
import type { AttestationVersion, AttestationWords, EncodingOptions, RequestData } from "./types.js";

export type ToAttestationWordsParameters = EncodingOptions & {
  /** The request id from the quote's steps (32 bytes of hex). */
  requestId: unknown;
  /** `requestData` as the signature endpoint returns it. */
  requestData: RequestData | Record<string, unknown>;
  /** Which signed tuple; `v1` unless stated. */
  version?: AttestationVersion | undefined;
};

export type ToAttestationWordsReturnType = AttestationWords & {
  /** The numeric fields, parsed. */
  originChainId: bigint;
  destinationChainId: bigint;
  /** v1 only. */
  originAmount?: bigint;
};

export type ToAttestationWordsErrorType =
  | MissingFieldErrorType
  | InvalidRequestIdErrorType
  | InvalidAmountErrorType
  | InvalidChainIdErrorType
  | AccountWordOutOfRangeErrorType
  | ToBytes32ErrorType;

/**
 * Validates every field of an attestation and turns each into its 32-byte word, in the order the
 * solver signs them. Fields are checked in tuple order, so the first bad field is the one named.
 * The layout rule holds for every tuple it returns: chain ids at most 2^53 - 1 and account words
 * (`originUser`, `destinationUser`) above it, so no signature verifies under both v1 and v2.
 *
 * @param parameters - {@link ToAttestationWordsParameters}
 * @returns The words, named and ordered. {@link ToAttestationWordsReturnType}
 * @example
 * const { words } = toAttestationWords({ requestId, requestData })
 * // words[0] = ["requestId", "0x…"], words[1] = ["originChainId", "0x…01"], …
 */
export function toAttestationWords(parameters: ToAttestationWordsParameters): ToAttestationWordsReturnType {
  const { requestData, version = "v1", vmTypes, encoders } = parameters;
  const data = (requestData ?? {}) as Record<string, unknown>;
  const uint = (n: bigint): Hex => numberToHex(n, { size: 32 });
  const word = (field: string, chainId: bigint): Hex =>
    toBytes32({ value: data[field], chainId, field, vmTypes, encoders });
  // The layout rule's account half (chain ids are bounded by parseChainId): no account is a small
  // integer, so a v2 tuple's words never read as a valid v1 tuple, nor the reverse.
  const account = (field: string, chainId: bigint): Hex => {
    const w = word(field, chainId);
    if (hexToBigInt(w) <= maxChainId)
      throw new AccountWordOutOfRangeError({ field, value: data[field], word: w });
    return w;
  };

  // Each field is parsed in tuple order, so the first bad one is the one reported.
  const requestId = parseRequestId(parameters.requestId);
  const originChainId = parseChainId("originChainId", data.originChainId);
  const origin = [
    ["requestId", requestId],
    ["originChainId", uint(originChainId)],
    ["originUser", account("originUser", originChainId)],
    ["originCurrency", word("originCurrency", originChainId)],
  ] as const;

  if (version === "v2") {
    const destinationChainId = parseChainId("destinationChainId", data.destinationChainId);
    const destinationUser = account("destinationUser", destinationChainId);
    return {
      version,
      originChainId,
      destinationChainId,
      words: [
        ...origin,
        ["destinationChainId", uint(destinationChainId)],
        ["destinationUser", destinationUser],
        ["destinationCurrency", word("destinationCurrency", destinationChainId)],
      ],
    };
  }

  const originAmount = parseAmount("originAmount", data.originAmount);
  const destinationChainId = parseChainId("destinationChainId", data.destinationChainId);
  return {
    version: "v1",
    originChainId,
    destinationChainId,
    originAmount,
    words: [
      ...origin,
      ["originAmount", uint(originAmount)],
      ["destinationChainId", uint(destinationChainId)],
      ["destinationUser", account("destinationUser", destinationChainId)],
    ],
  };
}
