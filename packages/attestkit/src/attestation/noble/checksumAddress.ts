import { keccak_256 } from "@noble/hashes/sha3.js";

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
  // The lowercase hex as ASCII (what is hashed), then each letter's case from the hash's nibble.
  const text = new Uint8Array(42);
  text[0] = 0x30; // 0
  text[1] = 0x78; // x
  for (let i = 0; i < 20; i++) {
    const byte = address[i] as number;
    text[2 + 2 * i] = asciiHex(byte >> 4);
    text[3 + 2 * i] = asciiHex(byte & 15);
  }
  const hash = keccak_256(text.subarray(2));
  for (let i = 0; i < 40; i++) {
    const nibble = i % 2 === 0 ? (hash[i >> 1] as number) >> 4 : (hash[i >> 1] as number) & 15;
    const char = text[2 + i] as number;
    // a-f are 97-102; 32 less is A-F.
    if (nibble >= 8 && char >= 97) text[2 + i] = char - 32;
  }
  return String.fromCharCode(...text) as `0x${string}`;
}

/** The lowercase ASCII hex digit of 0-15. */
const asciiHex = (nibble: number) => (nibble < 10 ? 48 + nibble : 87 + nibble);
