import {
  AccountWordOutOfRangeError,
  type AccountWordOutOfRangeErrorType,
  type MissingFieldErrorType,
} from "../errors.js";
import type { AttestationVersion, EncodingOptions } from "../types.js";
import { type AddressWordErrorType, addressWord } from "./addressWord.js";
import { type ParseAmountErrorType, parseAmount } from "./parseAmount.js";
import { type ParseChainIdErrorType, parseChainId } from "./parseChainId.js";
import { type RequestIdWordErrorType, requestIdWord } from "./requestIdWord.js";
import { uint256Word } from "./uint256Word.js";

export type EncodeAttestationNobleParameters = EncodingOptions & {
  /** The request id, 32 bytes of hex. */
  requestId: unknown;
  /** `requestData` as the signature endpoint returns it; fields are checked, not trusted. */
  requestData: Readonly<Record<string, unknown>>;
  /** `v1` (with `originAmount`, the default) or `v2` (with `destinationCurrency`, no amount). */
  version?: AttestationVersion | undefined;
};

export type EncodeAttestationNobleReturnType = {
  /** `[name, word]` in encoding order: seven 32-byte words. */
  words: [name: string, word: Uint8Array][];
  /** `abi.encode` of the tuple: with only static types it is the words back to back (224 bytes). */
  encoded: Uint8Array;
};

export type EncodeAttestationNobleErrorType =
  | MissingFieldErrorType
  | RequestIdWordErrorType
  | ParseChainIdErrorType
  | ParseAmountErrorType
  | AddressWordErrorType
  | AccountWordOutOfRangeErrorType;

/**
 * Throws unless `word` is above 2^53 - 1 (the layout rule's bound, written here again so that this
 * path shares no code): an account is never a small integer. 2^53 is 0x20 in byte 25 of the
 * big-endian word, so the word is above the bound iff one of bytes 0-24 is set or byte 25 is at
 * least 0x20; a byte scan, since this runs twice per entry of a bulk audit.
 */
function assertAccountWord(field: string, value: unknown, word: Uint8Array): void {
  for (let i = 0; i < 25; i++) if (word[i] !== 0) return;
  if ((word[25] as number) >= 0x20) return;
  let hex = "0x";
  for (const byte of word) hex += byte.toString(16).padStart(2, "0");
  throw new AccountWordOutOfRangeError({ field, value, word: hex as `0x${string}` });
}

/**
 * ABI-encodes the signed tuple by hand, checking each field in tuple order so the first bad one
 * is the one reported, including the layout rule: chain ids at most 2^53 - 1 (in `parseChainId`)
 * and account words above it, so that the same seven words never verify as both v1 and v2.
 *
 * v1: `(bytes32 requestId, uint256 originChainId, bytes32 originUser, bytes32 originCurrency,
 * uint256 originAmount, uint256 destinationChainId, bytes32 destinationUser)`;
 * v2: `(bytes32 requestId, uint256 originChainId, bytes32 originUser, bytes32 originCurrency,
 * uint256 destinationChainId, bytes32 destinationUser, bytes32 destinationCurrency)`.
 *
 * @param parameters - {@link EncodeAttestationNobleParameters}
 * @returns The words and their concatenation. {@link EncodeAttestationNobleReturnType}
 * @throws The field's typed error (see {@link EncodeAttestationNobleErrorType}).
 * @example
 * const { encoded } = encodeAttestationNoble({ requestId, requestData }) // 224 bytes
 */
export function encodeAttestationNoble({
  requestId,
  requestData,
  version = "v1",
  vmTypes,
  encoders,
}: EncodeAttestationNobleParameters): EncodeAttestationNobleReturnType {
  const options = { vmTypes, encoders };
  const data = requestData ?? {};
  const words: [string, Uint8Array][] = [["requestId", requestIdWord(requestId)]];

  const originChainId = parseChainId({ value: data.originChainId, field: "originChainId" });
  words.push(["originChainId", uint256Word(originChainId)]);
  for (const field of ["originUser", "originCurrency"]) {
    const word = addressWord({ value: data[field], field, chainId: originChainId, ...options });
    if (field === "originUser") assertAccountWord(field, data[field], word);
    words.push([field, word]);
  }

  if (version === "v1") {
    const amount = parseAmount({ value: data.originAmount, field: "originAmount" });
    words.push(["originAmount", uint256Word(amount)]);
  }

  const destinationChainId = parseChainId({ value: data.destinationChainId, field: "destinationChainId" });
  words.push(["destinationChainId", uint256Word(destinationChainId)]);
  const destinationFields =
    version === "v1" ? ["destinationUser"] : ["destinationUser", "destinationCurrency"];
  for (const field of destinationFields) {
    const word = addressWord({ value: data[field], field, chainId: destinationChainId, ...options });
    if (field === "destinationUser") assertAccountWord(field, data[field], word);
    words.push([field, word]);
  }

  const encoded = new Uint8Array(32 * words.length);
  for (const [i, [, word]] of words.entries()) encoded.set(word, 32 * i);
  return { words, encoded };
}
