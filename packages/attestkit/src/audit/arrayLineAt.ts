import type { AuditArrayReader } from "./auditArrayReader.js";

/**
 * The line (1-based, counted by `\n`) that a byte of the array is on. Counting only moves
 * forward: bytes counted are dropped from `kept`, so `target` must not be before the last one
 * asked for.
 *
 * @param reader - The reader: `counted`, `countedLine` and `kept` move on. {@link AuditArrayReader}
 * @param target - The byte's offset from the first byte written.
 * @returns The line. Never throws.
 * @example
 * arrayLineAt(reader, reader.elementStart) // 3
 */
export function arrayLineAt(reader: AuditArrayReader, target: number): number {
  const { kept } = reader;
  while (reader.counted < target && kept.length > 0) {
    const { start, bytes } = kept[0] as (typeof kept)[number];
    const end = Math.min(target, start + bytes.length);
    for (
      let i = bytes.indexOf(0x0a, reader.counted - start);
      i !== -1 && start + i < end;
      i = bytes.indexOf(0x0a, i + 1)
    )
      reader.countedLine++;
    reader.counted = end;
    if (end === start + bytes.length) kept.shift();
  }
  return reader.countedLine;
}
