import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex } from "./bytesToHex.js";

/**
 * Writes 20 address bytes in their EIP-55 mixed-case checksum form: a hex letter is upper-case
 * exactly when the matching nibble of keccak256(lowercase hex, as ASCII) is 8 or more.
 *
 * @param address - The 20 address bytes.
 * @returns The checksummed `0x` address.
 * @example
 * checksumAddress(hexToBytes("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")!)
 * // "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
 */
export function checksumAddress(address: Uint8Array): `0x${string}` {
  if (address.length !== 20) throw new RangeError(`an address is 20 bytes, not ${address.length}`);
  const lower = bytesToHex(address).slice(2);
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower))).slice(2);
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const char = lower.charAt(i);
    out += Number.parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return out as `0x${string}`;
}
