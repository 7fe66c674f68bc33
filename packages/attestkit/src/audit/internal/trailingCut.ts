/**
 * Where a UTF-8 sequence cut short by the end of `bytes` starts: the bytes from there belong with
 * what comes next. Returns `bytes.length` when the end is not inside a sequence.
 *
 * @param bytes - A chunk of a UTF-8 stream.
 * @returns The index of the cut sequence's lead byte, or `bytes.length`.
 */
export function trailingCut(bytes: Uint8Array): number {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const byte = bytes[bytes.length - back] as number;
    if (byte < 0x80) return bytes.length;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return length > back ? bytes.length - back : bytes.length;
    }
  }
  return bytes.length;
}
