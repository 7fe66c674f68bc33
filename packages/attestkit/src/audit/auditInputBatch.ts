import type { AuditBatch } from "./types.js";

/** The two layouts an audit's input may have. */
export type AuditInputFormat = "jsonl" | "array";

/** A batch of the input, ready to be verified where a worker is free. */
export type AuditInputBatch = AuditBatch & {
  /** The input's layout. */
  format: AuditInputFormat;
  /** Bytes of the input read so far. */
  bytesRead: number;
};
