import type { AuditBatch, AuditBatchRequest } from "./types.js";

/**
 * A batch as a worker is sent it: only what the worker needs (a batch may carry more, such as the
 * reader's progress, which would only be cloned for nothing), numbered with its sequence number.
 * Items keep their lines and the array index of the first, so the worker names each entry.
 *
 * @param batch - The batch: text (bytes of whole lines), items (array elements) or a range.
 * @param seq - Its place in the input, from 0.
 * @returns The request. {@link AuditBatchRequest} Never throws.
 * @example
 * worker.postMessage(toAuditBatchRequest(batch, 7))
 */
export function toAuditBatchRequest(batch: AuditBatch, seq: number): AuditBatchRequest {
  switch (batch.kind) {
    case "text":
      return { seq, kind: "text", bytes: batch.bytes, line: batch.line, offset: batch.offset };
    case "items":
      return { seq, kind: "items", items: batch.items, lines: batch.lines, index: batch.index };
    case "range": {
      const { fd, start, end, first, last, maxEntryBytes } = batch;
      return { seq, kind: "range", fd, start, end, first, last, maxEntryBytes };
    }
  }
}
