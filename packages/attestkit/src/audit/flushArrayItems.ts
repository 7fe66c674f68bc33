import type { AuditArrayReader } from "./auditArrayReader.js";
import type { AuditInputBatch } from "./auditInputBatch.js";

/**
 * Hands out the elements parsed so far as batches of `batchItems`, and with `all` the rest too
 * (the array has ended). Each batch carries the index in the array of its first element, so its
 * entries are named by their index wherever they are verified.
 *
 * @param reader - The reader: the elements handed out leave it. {@link AuditArrayReader}
 * @param bytesRead - Bytes of the input read so far, for the batches' progress.
 * @param all - Whether a last, smaller batch goes out too.
 * @returns The batches (kind `items`, each element with its line, the first one's index). Never throws.
 * @example
 * yield* flushArrayItems(reader, bytesRead, false)
 */
export function* flushArrayItems(
  reader: AuditArrayReader,
  bytesRead: number,
  all: boolean,
): Generator<AuditInputBatch> {
  const { batchItems } = reader;
  while (reader.items.length >= batchItems || (all && reader.items.length > 0)) {
    const index = reader.elements - reader.items.length;
    const batch = { items: reader.items.slice(0, batchItems), lines: reader.lines.slice(0, batchItems) };
    reader.items = reader.items.slice(batchItems);
    reader.lines = reader.lines.slice(batchItems);
    yield { kind: "items", format: "array", ...batch, index, size: batch.items.length, bytesRead };
  }
}
