import { readSync } from "node:fs";

export type ReadAuditRangeParameters = {
  /** The file, a descriptor of this process (positioned reads: threads share it safely). */
  fd: number;
  /** The lines that start in `[start, end)` are the range's. */
  start: number;
  /** See `start`. */
  end: number;
  /** Whether a line starts at `start` (the first range); else the range's first line is the one after the first line end at `start - 1` or later. */
  first: boolean;
  /** Longest line accepted, in bytes (its line end left out). */
  maxEntryBytes: number;
};

export type ReadAuditRangeReturnType = {
  /** The range's lines, whole: the last one through its line end (or to the end of the file). */
  bytes: Uint8Array;
  /** The byte offset of `bytes[0]` in the file. */
  offset: number;
  /** Line ends in `bytes`: the next range's first line is this many lines further on. */
  lineEnds: number;
  /** A line longer than `maxEntryBytes`: its line (1 for the range's first) and byte offset; `bytes` end before it. */
  tooLong?: { line: number; offset: number } | undefined;
};

// Past `end`, the last line is read on in pieces of this size until its line end.
const step = 16 * 1024;

/**
 * Reads the lines of a JSON Lines file that start in a byte range, so that threads given adjacent
 * ranges read every line exactly once, without anyone reading the file before them: a line starts
 * at the first byte (after a byte order mark) and after each line end, and belongs to the range
 * its first byte is in. Never reads more than the range and the rest of its last line, which it
 * stops at `maxEntryBytes`.
 *
 * @param parameters - {@link ReadAuditRangeParameters}
 * @returns The range's lines and where they are. {@link ReadAuditRangeReturnType}
 * @example
 * readAuditRange({ fd, start: 65536, end: 131072, first: false, maxEntryBytes: 1 << 20 })
 * // { bytes, offset: 65893, lineEnds: 129 }
 */
export function readAuditRange({
  fd,
  start,
  end,
  first,
  maxEntryBytes,
}: ReadAuditRangeParameters): ReadAuditRangeReturnType {
  // One byte before the range, to see whether a line starts at `start`.
  const from = first ? start : start - 1;
  const head = readAt(fd, from, end - from);
  let lineStart = 0;
  if (!first) {
    const newline = head.indexOf(0x0a);
    if (newline === -1 || newline + 1 >= head.length)
      return { bytes: head.subarray(0, 0), offset: end, lineEnds: 0 };
    lineStart = newline + 1;
  }
  // The last line runs on past `end` unless the range ends with a line end (or the file ends).
  let bytes = head;
  if (head.length === end - from && head[head.length - 1] !== 0x0a) {
    const lastStart = head.lastIndexOf(0x0a) + 1;
    const pieces: Uint8Array[] = [head];
    let length = head.length;
    for (let at = end; ; ) {
      const piece = readAt(fd, at, step);
      const newline = piece.indexOf(0x0a);
      pieces.push(newline === -1 ? piece : piece.subarray(0, newline + 1));
      length += newline === -1 ? piece.length : newline + 1;
      at += piece.length;
      if (newline !== -1 || piece.length < step || length - lastStart > maxEntryBytes) break;
    }
    bytes = Buffer.concat(pieces, length);
  }
  let lineEnds = 0;
  for (let at = lineStart; at < bytes.length; ) {
    const newline = bytes.indexOf(0x0a, at);
    const lineEnd = newline === -1 ? bytes.length : newline;
    if (lineEnd - at > maxEntryBytes)
      return {
        bytes: bytes.subarray(lineStart, at),
        offset: from + lineStart,
        lineEnds,
        tooLong: { line: lineEnds + 1, offset: from + at },
      };
    if (newline === -1) break;
    lineEnds++;
    at = newline + 1;
  }
  return { bytes: bytes.subarray(lineStart), offset: from + lineStart, lineEnds };
}

/** Up to `length` bytes at `position`: fewer only at the end of the file. */
function readAt(fd: number, position: number, length: number): Uint8Array {
  const buffer = Buffer.allocUnsafeSlow(length);
  let filled = 0;
  while (filled < length) {
    const read = readSync(fd, buffer, filled, length - filled, position + filled);
    if (read === 0) break;
    filled += read;
  }
  return buffer.subarray(0, filled);
}
