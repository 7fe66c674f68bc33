import { readSync } from "node:fs";
import type { AuditFile } from "./internal/openAuditFile.js";
import { isJsonSpace } from "./isJsonSpace.js";
import { utf8Bom } from "./utf8Bom.js";

/**
 * Where the JSON Lines of a file start (after a UTF-8 byte order mark), or undefined when the
 * file holds one JSON array: the same test as `detectAuditFormat` makes on a stream, on the
 * file's first bytes, read 64 KiB at a time until a byte that is not white space.
 *
 * @param file - The open file and its size in bytes.
 * @returns The offset of the text (3 after a byte order mark, else 0), or undefined for an array.
 * @throws What `readSync` throws (an I/O error).
 * @example
 * const base = jsonLinesStart(file) // 0
 */
export function jsonLinesStart({ fd, size }: AuditFile): number | undefined {
  const chunk = Buffer.allocUnsafeSlow(64 * 1024);
  let start: number | undefined;
  for (let at = 0; at < size; ) {
    const read = readSync(fd, chunk, 0, chunk.length, at);
    if (read === 0) break;
    let i = 0;
    if (start === undefined) {
      start = read >= 3 && utf8Bom.every((byte, k) => chunk[k] === byte) ? 3 : 0;
      i = start;
    }
    while (i < read && isJsonSpace(chunk[i] as number)) i++;
    if (i < read) return chunk[i] === 0x5b /* [ */ ? undefined : start;
    at += read;
  }
  return start ?? 0;
}
