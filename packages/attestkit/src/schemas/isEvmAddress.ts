import { checksumAddress } from "../attestation/noble/checksumAddress.js";
import { hexToBytes } from "../attestation/noble/hexToBytes.js";

/**
 * viem's `isAddress(value)` (strict) written out on `@noble/hashes`: `0x` and 40 hex digits, and
 * unless every digit is lower-case, exactly the EIP-55 checksum form. Importing `isAddress` from
 * viem's index would load its 300-odd modules wherever a request is checked (every command line run
 * that takes a request id or an address).
 *
 * @param value - The candidate address.
 * @returns Whether it is an EVM address viem's strict rule accepts.
 * @example
 * isEvmAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed") // true
 * isEvmAddress("0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed") // false: mixed case, bad checksum
 */
export function isEvmAddress(value: string): boolean {
  if (!/^0x[a-fA-F0-9]{40}$/.test(value)) return false;
  if (value.toLowerCase() === value) return true;
  return checksumAddress(hexToBytes(value) as Uint8Array) === value;
}
