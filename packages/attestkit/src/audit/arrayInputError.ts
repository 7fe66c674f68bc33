import { arrayLineAt } from "./arrayLineAt.js";
import type { AuditArrayReader } from "./auditArrayReader.js";
import { InvalidAuditInputError } from "./errors.js";

/**
 * The error for a fault of the array at a byte, naming its line, its offset in the input and,
 * while the array is open, the element it is in: the one being read (the one that would come
 * next, between two), counted from the elements parsed before it, or the last one parsed when the
 * byte is where that one starts (an element found too long once whole). Every byte before the
 * fault has been given to the tokenizer, so that count is up to date.
 *
 * @param reader - The reader. {@link AuditArrayReader}
 * @param reason - `binary` (not UTF-8 text), `broken-array` (JSON syntax, or cut short) or
 * `entry-too-long` (an element over `maxEntryBytes`).
 * @param message - What is wrong, as the error says it.
 * @param at - The byte's offset from the first byte written.
 * @param cause - What the tokenizer or parser threw, if anything.
 * @returns The error, to throw. {@link InvalidAuditInputError}
 * @example
 * throw arrayInputError(reader, "broken-array", "ends before its JSON array is closed", reader.fed)
 */
export function arrayInputError(
  reader: AuditArrayReader,
  reason: "binary" | "broken-array" | "entry-too-long",
  message: string,
  at: number,
  cause?: unknown,
): InvalidAuditInputError {
  return new InvalidAuditInputError({
    reason,
    message,
    line: arrayLineAt(reader, at),
    offset: reader.base + at,
    index: reader.parser.isEnded
      ? undefined
      : at === reader.lastElementStart
        ? reader.elements - 1
        : reader.elements,
    cause,
  });
}
