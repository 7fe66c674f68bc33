/**
 * Reads strict 0x-prefixed hex (an even number of digits, either case) into bytes.
 *
 * @param value - The candidate hex string; anything else is rejected.
 * @returns The bytes, or `undefined` when `value` is not strict hex, so that each caller can throw
 * the error that names its own field.
 * @example
 * hexToBytes("0x00ff") // Uint8Array [0, 255]
 * hexToBytes("0xf")    // undefined (odd number of digits)
 */
export function hexToBytes(value: unknown): Uint8Array | undefined {
  if (typeof value !== "string" || value.length % 2 !== 0 || value[0] !== "0" || value[1] !== "x")
    return undefined;
  const bytes = new Uint8Array((value.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) {
    const hi = nibble(value.charCodeAt(2 + 2 * i));
    const lo = nibble(value.charCodeAt(3 + 2 * i));
    if (hi < 0 || lo < 0) return undefined;
    bytes[i] = hi * 16 + lo;
  }
  return bytes;
}

function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 102) return code - 87; // a-f
  if (code >= 65 && code <= 70) return code - 55; // A-F
  return -1;
}
