import {
  InvalidAddressError,
  type InvalidAddressErrorType,
  InvalidEncoderOutputError,
  type InvalidEncoderOutputErrorType,
  MissingFieldError,
  type MissingFieldErrorType,
  UnsupportedVmTypeError,
  type UnsupportedVmTypeErrorType,
} from "../errors.js";
import type { EncodingOptions } from "../types.js";
import { vmTypeOfChain } from "../vmTypeOfChain.js";
import { base58Decode } from "./base58Decode.js";
import { hexToBytes } from "./hexToBytes.js";
import { leftPadWord } from "./leftPadWord.js";
import { parseEvmAddress } from "./parseEvmAddress.js";

export type AddressWordParameters = EncodingOptions & {
  /** The address as request data carries it. */
  value: unknown;
  /** The field it came from, named in errors and passed to an encoder. */
  field: string;
  /** The chain the address lives on: it picks the VM and so the rule. */
  chainId: bigint;
};

export type AddressWordErrorType =
  | MissingFieldErrorType
  | InvalidAddressErrorType
  | InvalidEncoderOutputErrorType
  | UnsupportedVmTypeErrorType;

/**
 * Turns an address-like field (user or currency) into its `bytes32` word by the rule of its
 * chain's VM: a caller's encoder for that VM if given, else EVM left-padded, Solana base58 raw.
 *
 * @param parameters - {@link AddressWordParameters}
 * @returns The 32-byte word.
 * @throws MissingFieldError, InvalidAddressError, InvalidEncoderOutputError or
 * UnsupportedVmTypeError, each naming `field`.
 * @example
 * addressWord({ value: "0x0000000000000000000000000000000000000001", field: "originUser", chainId: 1n })
 * // 31 zero bytes, then 0x01
 */
export function addressWord({ value, field, chainId, vmTypes, encoders }: AddressWordParameters): Uint8Array {
  if (value === undefined || value === null) throw new MissingFieldError({ field });
  const vmType = vmTypeOfChain({ chainId, vmTypes });
  if (typeof value !== "string")
    throw new InvalidAddressError({ field, value, vmType, reason: "not a string" });
  const encoder = encoders?.[vmType];
  if (encoder) {
    const output: unknown = encoder(value, { field, chainId, vmType });
    const word = typeof output === "string" && output.length === 66 ? hexToBytes(output) : undefined;
    if (word === undefined) throw new InvalidEncoderOutputError({ field, value: output });
    return word;
  }
  if (vmType === "evm") return leftPadWord(parseEvmAddress({ value, field }));
  if (vmType === "svm") {
    // A 32-byte key never takes more than 44 base58 digits; the cap also bounds the work.
    const bytes = value.length <= 44 ? base58Decode(value) : undefined;
    if (bytes?.length !== 32)
      throw new InvalidAddressError({ field, value, vmType, reason: "not the base58 encoding of 32 bytes" });
    return bytes;
  }
  throw new UnsupportedVmTypeError({ field, vmType, chainId });
}
