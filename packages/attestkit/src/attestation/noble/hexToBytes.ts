import { hexInto } from "./hexInto.js";

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
  return hexInto(value, 2, bytes.length, bytes, 0) ? bytes : undefined;
}
