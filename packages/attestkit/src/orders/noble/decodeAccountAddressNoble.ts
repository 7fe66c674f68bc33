import { base58Decode } from "../../attestation/noble/base58Decode.js";
import { hexToBytes } from "../../attestation/noble/hexToBytes.js";
import type { OrderVmType } from "../types.js";
import { base58checkDecode } from "./base58checkDecode.js";
import { isDecimalNoble } from "./internal/readersNoble.js";

const maxSafe = 9007199254740991n;

/**
 * The bytes an order signs for an address of a VM whose addresses have one text form: EVM (20
 * bytes of hex) and HyperEVM (16 or 20), Solana (base58 of 32 bytes), Tron (base58check of
 * `0x41 || 20 bytes`), and the exchange's account indices (decimal, at most 2^53 - 1, as 16
 * big-endian bytes). The rules of `spec/protocol-v2-orders.md`, the same as `encodeOrderAddress`.
 *
 * @param value - The address text.
 * @param vmType - One of `ethereum-vm`, `hyperliquid-vm`, `solana-vm`, `tron-vm`, `lighter-vm`
 * (any other is read as `lighter-vm`; Bitcoin goes to `encodeBitcoinAddressNoble`).
 * @returns The bytes, or the reason the text is no address of that VM (for
 * InvalidOrderAddressError). Never throws.
 * @example
 * decodeAccountAddressNoble("12345", "lighter-vm") // 16 bytes, 0x...3039
 */
export function decodeAccountAddressNoble(value: string, vmType: OrderVmType): Uint8Array | string {
  if (vmType === "ethereum-vm") {
    const bytes = value.length === 42 ? hexToBytes(value) : undefined;
    return bytes ?? "not 0x followed by 40 hex digits";
  }
  if (vmType === "hyperliquid-vm") {
    const bytes = value.length === 34 || value.length === 42 ? hexToBytes(value) : undefined;
    return bytes ?? "not 0x followed by 32 or 40 hex digits";
  }
  if (vmType === "solana-vm") {
    const bytes = base58Decode(value);
    if (bytes === undefined) return "not base58";
    return bytes.length === 32 ? bytes : `decodes to ${bytes.length} bytes, not 32`;
  }
  if (vmType === "tron-vm") {
    const bytes = base58checkDecode(value);
    if (bytes === undefined) return "not base58check";
    return bytes.length === 21 && bytes[0] === 0x41 ? bytes : "does not decode to 0x41 followed by 20 bytes";
  }
  if (!isDecimalNoble(value)) return "not decimal digits";
  let index = BigInt(value);
  if (index > maxSafe) return "above 2^53 - 1";
  const bytes = new Uint8Array(16);
  for (let i = 15; i >= 0; i--, index >>= 8n) bytes[i] = Number(index & 0xffn);
  return bytes;
}
