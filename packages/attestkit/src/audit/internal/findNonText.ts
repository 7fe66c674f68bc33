/**
 * Finds the first byte that cannot be part of UTF-8 JSON text: a byte of an invalid UTF-8
 * sequence (as the WHATWG decoder rejects it: stray continuation bytes, overlong forms,
 * surrogates, code points above U+10FFFF, a sequence cut short) or a C0 control character other
 * than tab, line feed and carriage return (JSON allows none, not even inside strings).
 *
 * @param bytes - The bytes to look through.
 * @param from - Where to start (default 0).
 * @param to - Where to stop, exclusive (default the end).
 * @returns The index of the first such byte (the start of a bad sequence), or -1.
 */
export function findNonText(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let i = from;
  while (i < to) {
    const byte = bytes[i] as number;
    if (byte < 0x80) {
      if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return i;
      i++;
      continue;
    }
    // Lead byte: how many continuation bytes follow, and the allowed range of the first one.
    let count: number;
    let low = 0x80;
    let high = 0xbf;
    if (byte >= 0xc2 && byte <= 0xdf) count = 1;
    else if (byte >= 0xe0 && byte <= 0xef) {
      count = 2;
      if (byte === 0xe0) low = 0xa0;
      else if (byte === 0xed) high = 0x9f;
    } else if (byte >= 0xf0 && byte <= 0xf4) {
      count = 3;
      if (byte === 0xf0) low = 0x90;
      else if (byte === 0xf4) high = 0x8f;
    } else return i;
    // Cut short by the end of the range.
    if (i + count >= to) return i;
    for (let k = 1; k <= count; k++) {
      const next = bytes[i + k] as number;
      if (next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i;
    }
    i += count + 1;
  }
  return -1;
}
