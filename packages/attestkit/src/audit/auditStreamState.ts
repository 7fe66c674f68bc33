import type { AuditArrayReader } from "./auditArrayReader.js";
import type { AuditInputFormat } from "./auditInputBatch.js";

/** An input being read as a stream: its settings, its layout once known, and where it stands. */
export type AuditStreamState = {
  /** JSON Lines text per batch, in bytes. */
  readonly batchBytes: number;
  /** Array elements per batch. */
  readonly batchItems: number;
  /** Longest line or array element accepted, in bytes. */
  readonly maxEntryBytes: number;
  /** The layout, once the first byte that is not white space is read. */
  format: AuditInputFormat | undefined;
  /** Bytes of the input read so far. */
  bytesRead: number;
  /** JSON Lines: bytes read and not yet handed out (before the layout is known: all bytes read). */
  pending: Uint8Array[];
  /** Their total length. */
  pendingBytes: number;
  /** The 1-based line `pending` starts on. */
  line: number;
  /** The byte offset in the input `pending` starts at. */
  offset: number;
  /** The array reader, when the input is one JSON array. */
  array: AuditArrayReader | undefined;
};
