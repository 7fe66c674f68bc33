// Each ASCII character's hex digit value; -1 for anything else.
const hexValues = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  hexValues["0123456789abcdef".charCodeAt(i)] = i;
  hexValues["0123456789ABCDEF".charCodeAt(i)] = i;
}

/**
 * Writes `count` bytes of hex digits (either case, two per byte) from `text`, starting at
 * character `from`, into `out` at `at`. With `oneCase`, a text that has both upper- and lower-case
 * letters is refused too (an EIP-55 address, whose checksum the caller would have to check).
 *
 * @param text - The text; it must hold `2 * count` characters from `from`.
 * @param from - The index of the first digit.
 * @param count - The bytes to write.
 * @param out - Where they go.
 * @param at - The index in `out` of the first byte.
 * @param oneCase - Refuse a text of mixed case (default false).
 * @returns Whether every character was an ASCII hex digit (and, with `oneCase`, of one case); on
 * false, `out` may have been written in part.
 * @example
 * hexInto("0x00ff", 2, 2, out, 0) // true; out[0] = 0, out[1] = 255
 */
export function hexInto(
  text: string,
  from: number,
  count: number,
  out: Uint8Array,
  at: number,
  oneCase = false,
): boolean {
  let lower = false;
  let upper = false;
  for (let i = 0; i < count; i++) {
    const a = text.charCodeAt(from + 2 * i);
    const b = text.charCodeAt(from + 2 * i + 1);
    // Past the end charCodeAt is NaN, which no comparison passes: refused below.
    if (!(a < 128 && b < 128)) return false;
    const hi = hexValues[a] as number;
    const lo = hexValues[b] as number;
    if ((hi | lo) < 0) return false;
    if (oneCase) {
      // Digits are below 65; A-F 65-70; a-f 97-102.
      lower ||= a >= 97 || b >= 97;
      upper ||= (a >= 65 && a < 97) || (b >= 65 && b < 97);
    }
    out[at + i] = (hi << 4) | lo;
  }
  return !(lower && upper);
}
