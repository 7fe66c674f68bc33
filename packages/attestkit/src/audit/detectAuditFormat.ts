import type { AuditInputFormat } from "./auditInputBatch.js";
import { isJsonSpace } from "./isJsonSpace.js";
import { utf8Bom } from "./utf8Bom.js";

/** The input's layout, and where its text starts. */
export type DetectAuditFormatReturnType = {
  /** `array` when the first byte that is not white space is `[`, else `jsonl`. */
  format: AuditInputFormat;
  /** Offset of the text after a byte order mark (3), else 0. */
  start: number;
};

/**
 * Tells an input's layout from its first bytes: after a UTF-8 byte order mark, skipped, the first
 * byte that is not white space is `[` for one JSON array (RFC 8259), anything else for JSON Lines.
 * An input that has ended (or is empty) is decided on what there is.
 *
 * @param head - The input's first bytes, all read so far.
 * @param done - Whether the input has ended.
 * @returns The layout and where the text starts, or undefined until more bytes are read (a byte
 * order mark cut short, or only white space so far). Never throws.
 * @example
 * detectAuditFormat(new TextEncoder().encode(" [{"), false) // { format: "array", start: 0 }
 */
export function detectAuditFormat(head: Uint8Array, done: boolean): DetectAuditFormatReturnType | undefined {
  let start = 0;
  if (head.length >= 3 && utf8Bom.every((byte, i) => head[i] === byte)) start = 3;
  else if (!done && head.length < 3 && utf8Bom.slice(0, head.length).every((byte, i) => head[i] === byte))
    return undefined;
  let first = start;
  while (first < head.length && isJsonSpace(head[first] as number)) first++;
  if (first === head.length && !done) return undefined;
  return { format: head[first] === 0x5b /* [ */ ? "array" : "jsonl", start };
}
