/**
 * Writes bytes as lowercase 0x-prefixed hex, two digits per byte.
 *
 * @param bytes - The bytes to write.
 * @returns `0x` followed by `2 * bytes.length` lowercase hex digits.
 * @example
 * bytesToHex(Uint8Array.of(0, 255)) // "0x00ff"
 */
export function bytesToHex(bytes: Uint8Array): `0x${string}` {
  let out = "0x";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out as `0x${string}`;
}
