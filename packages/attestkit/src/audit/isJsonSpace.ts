/**
 * Whether a byte is JSON white space (RFC 8259, section 2: space, line feed, carriage return,
 * tab); the same set separates JSON Lines.
 *
 * @param byte - A byte, 0 to 255.
 * @returns True for the four white space bytes. Never throws.
 * @example
 * isJsonSpace(0x20) // true
 */
export function isJsonSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}
