import { base58 } from "@scure/base";
import { checksumAddress, type Hex, pad, toHex } from "viem";
import {
  InvalidAddressError,
  type InvalidAddressErrorType,
  InvalidEncoderOutputError,
  type InvalidEncoderOutputErrorType,
  MissingFieldError,
  type MissingFieldErrorType,
  UnsupportedVmTypeError,
  type UnsupportedVmTypeErrorType,
} from "./errors.js";
import type { EncodingOptions, VmType } from "./types.js";
import { vmTypeOfChain } from "./vmTypeOfChain.js";

export type ToBytes32Parameters = EncodingOptions & {
  /** The request-data string: an address or a currency identifier. */
  value: unknown;
  /** The chain the value lives on (origin chain for origin fields, destination for destination fields). */
  chainId: bigint;
  /** Field name, used in errors. */
  field?: string | undefined;
};

export type ToBytes32ReturnType = Hex;

export type ToBytes32ErrorType =
  | InvalidAddressErrorType
  | InvalidEncoderOutputErrorType
  | MissingFieldErrorType
  | UnsupportedVmTypeErrorType;

const evmPattern = /^0x[0-9a-fA-F]{40}$/;
const bytes32Pattern = /^0x[0-9a-fA-F]{64}$/;

/**
 * Turns a request-data string into the `bytes32` word the solver signs, by the rule of its chain's
 * VM: EVM addresses are left-padded (`bytes32(uint256(uint160(a)))`), Solana addresses are their 32
 * base58-decoded bytes, and any other VM needs an explicit encoder.
 *
 * @param parameters - {@link ToBytes32Parameters}
 * @returns The 32-byte word as lowercase hex. {@link ToBytes32ReturnType}
 * @example
 * toBytes32({ value: "0xf70da97812cb96acdf810712aa562db8dfa3dbef", chainId: 1n })
 * // "0x000000000000000000000000f70da97812cb96acdf810712aa562db8dfa3dbef"
 */
export function toBytes32({
  value,
  chainId,
  field = "value",
  vmTypes,
  encoders,
}: ToBytes32Parameters): ToBytes32ReturnType {
  if (value === undefined || value === null) throw new MissingFieldError({ field });
  const vmType: VmType = vmTypeOfChain({ chainId, vmTypes });
  const encoder = encoders?.[vmType];
  if (encoder) {
    if (typeof value !== "string")
      throw new InvalidAddressError({ field, value, vmType, reason: "not a string" });
    const word = encoder(value, { field, chainId, vmType });
    if (typeof word !== "string" || !bytes32Pattern.test(word))
      throw new InvalidEncoderOutputError({ field, value: word });
    return word.toLowerCase() as Hex;
  }
  if (typeof value !== "string")
    throw new InvalidAddressError({ field, value, vmType, reason: "not a string" });
  if (vmType === "evm") return evmWord(field, value);
  if (vmType === "svm") return solanaWord(field, value);
  throw new UnsupportedVmTypeError({ field, vmType, chainId });
}

function evmWord(field: string, value: string): Hex {
  if (!evmPattern.test(value))
    throw new InvalidAddressError({
      field,
      value,
      vmType: "evm",
      reason: "not 0x followed by 40 hex digits",
    });
  const hex = value.slice(2);
  // EIP-55: all-lowercase and all-uppercase carry no checksum; mixed case must be exact.
  const mixed = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
  if (mixed && checksumAddress(value.toLowerCase() as Hex) !== value)
    throw new InvalidAddressError({ field, value, vmType: "evm", reason: "wrong EIP-55 checksum" });
  return pad(value.toLowerCase() as Hex, { size: 32 });
}

function solanaWord(field: string, value: string): Hex {
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(value);
  } catch {
    throw new InvalidAddressError({ field, value, vmType: "svm", reason: "not base58" });
  }
  if (bytes.length !== 32)
    throw new InvalidAddressError({
      field,
      value,
      vmType: "svm",
      reason: `decodes to ${bytes.length} bytes, not 32`,
    });
  return toHex(bytes);
}
