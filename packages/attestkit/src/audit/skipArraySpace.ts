import type { AuditArrayReader } from "./auditArrayReader.js";
import { isJsonSpace } from "./isJsonSpace.js";

/**
 * The first byte at or after `from` that is not white space, among the bytes kept: the start of
 * an element still unread (its first token not yet seen by the tokenizer).
 *
 * @param reader - The reader. {@link AuditArrayReader}
 * @param from - An offset from the first byte written.
 * @returns The byte's offset, or `from` when every byte kept after it is white space. Never throws.
 * @example
 * const at = skipArraySpace(reader, reader.boundary)
 */
export function skipArraySpace(reader: AuditArrayReader, from: number): number {
  for (const { start, bytes } of reader.kept)
    for (let i = Math.max(0, from - start); i < bytes.length; i++)
      if (!isJsonSpace(bytes[i] as number)) return start + i;
  return from;
}
