import type { AuditInputBatch } from "./auditInputBatch.js";
import type { AuditFile } from "./internal/openAuditFile.js";

export type AuditFileRangesParameters = {
  /** The open file and its size in bytes. */
  file: AuditFile;
  /** Offset of the text (after a byte order mark). */
  base: number;
  /** Bytes per range aimed at. */
  batchBytes: number;
  /** Longest line accepted, in bytes (checked by the thread that reads a range). */
  maxEntryBytes: number;
};

/**
 * A file's JSON Lines as byte ranges of about `batchBytes`; near the end, pieces of a quarter of
 * what is left, down to a quarter of a batch, so the threads run out of work together (no
 * smaller: the noble engine shares each step's inversion across a batch, and a tiny one pays for
 * it nearly alone). A file of one batch is one range. Ranges need not end at line ends: whoever
 * reads a range finds its lines (see `readAuditRange`).
 *
 * @param parameters - {@link AuditFileRangesParameters}
 * @returns The ranges (kind `range`), in order; the last has `last` set. Never throws.
 * @example
 * yield* auditFileRanges({ file, base: 0, batchBytes: 128 * 1024, maxEntryBytes: 1 << 20 })
 */
export function* auditFileRanges({
  file: { fd, size },
  base,
  batchBytes,
  maxEntryBytes,
}: AuditFileRangesParameters): Generator<AuditInputBatch> {
  for (let start = base; start < size; ) {
    const left = size - start;
    const target =
      size - base <= batchBytes
        ? left
        : left <= 4 * batchBytes
          ? Math.min(batchBytes, Math.max(Math.ceil(batchBytes / 4), Math.ceil(left / 4)))
          : batchBytes;
    const end = Math.min(size, start + target);
    const last = end === size;
    const first = start === base;
    yield {
      kind: "range",
      format: "jsonl",
      fd,
      start,
      end,
      first,
      last,
      maxEntryBytes,
      size: end - start,
      bytesRead: end,
    };
    start = end;
  }
}
