import { arrayLineAt } from "./arrayLineAt.js";
import type { AuditArrayReader } from "./auditArrayReader.js";
import { InvalidAuditInputError } from "./errors.js";

/**
 * The error for a fault of the array at a byte, naming its line and its offset in the input.
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
    cause,
  });
}
