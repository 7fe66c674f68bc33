import {
  InvalidOrderAddressError,
  type InvalidOrderAddressErrorType,
  type InvalidOrderFieldErrorType,
  type LegacyBitcoinEncodingRequiredErrorType,
  type MissingOrderFieldErrorType,
} from "../errors.js";
import type { LegacyBitcoinEncoding, OrderVmType } from "../types.js";
import { decodeAccountAddressNoble } from "./decodeAccountAddressNoble.js";
import { encodeBitcoinAddressNoble } from "./encodeBitcoinAddressNoble.js";
import { presentNoble } from "./internal/readersNoble.js";

export type EncodeOrderAddressNobleParameters = {
  /** The address (or currency id) as the order gives it. */
  value: unknown;
  /** The VM of the chain the order field names. */
  vmType: OrderVmType;
  /** The order field, for errors. */
  field?: string | undefined;
  /** Required only for legacy Bitcoin addresses (`1...`, `3...`). */
  legacyBitcoinEncoding?: LegacyBitcoinEncoding | undefined;
};

export type EncodeOrderAddressNobleErrorType =
  | MissingOrderFieldErrorType
  | InvalidOrderFieldErrorType
  | InvalidOrderAddressErrorType
  | LegacyBitcoinEncodingRequiredErrorType;

// The VMs other than Bitcoin; any other VM type is read as Bitcoin.
const accountVms: ReadonlySet<string> = new Set([
  "ethereum-vm",
  "hyperliquid-vm",
  "solana-vm",
  "tron-vm",
  "lighter-vm",
]);

/**
 * Turns an address into the bytes an order signs, by its chain's VM, with hand-written codecs:
 * EVM and HyperEVM hex, Solana base58 (32 bytes), Bitcoin bech32/bech32m `[version, ...program]`
 * or legacy base58check under a named choice, Tron base58check `0x41 || 20`, the exchange's
 * indices as 16 big-endian bytes. Same rules and errors as `encodeOrderAddress`.
 *
 * @param parameters - {@link EncodeOrderAddressNobleParameters}
 * @returns The bytes.
 * @throws InvalidOrderAddressError or LegacyBitcoinEncodingRequiredError, naming the field.
 * @example
 * encodeOrderAddressNoble({ value: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", vmType: "tron-vm" }) // 0x41a614...
 */
export function encodeOrderAddressNoble({
  value,
  vmType,
  field = "address",
  legacyBitcoinEncoding,
}: EncodeOrderAddressNobleParameters): Uint8Array {
  presentNoble(field, value);
  if (typeof value !== "string")
    throw new InvalidOrderAddressError({ field, value, vmType, reason: "not a string" });
  // Bitcoin is the one VM with two address forms; every other VM's codec is one rule.
  const bytes = accountVms.has(vmType)
    ? decodeAccountAddressNoble(value, vmType)
    : encodeBitcoinAddressNoble(value, field, legacyBitcoinEncoding);
  if (typeof bytes === "string") throw new InvalidOrderAddressError({ field, value, vmType, reason: bytes });
  return bytes;
}
