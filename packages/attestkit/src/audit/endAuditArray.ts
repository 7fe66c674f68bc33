import { arrayInputError } from "./arrayInputError.js";
import type { AuditArrayReader } from "./auditArrayReader.js";
import type { AuditInputBatch } from "./auditInputBatch.js";
import { brokenArrayError } from "./brokenArrayError.js";
import { flushArrayItems } from "./flushArrayItems.js";

/**
 * Finishes the array at the end of the input: no UTF-8 sequence may be left cut, the tokenizer
 * must end cleanly and the array must be closed; then the last elements go out.
 *
 * @param reader - The reader. {@link AuditArrayReader}
 * @param bytesRead - Bytes of the input read in all.
 * @returns The last batches.
 * @throws InvalidAuditInputError: `binary` when the input ends inside a UTF-8 sequence, `broken-array` for
 * a syntax error or an array not closed.
 * @example
 * yield* endAuditArray(reader, bytesRead)
 */
export function* endAuditArray(reader: AuditArrayReader, bytesRead: number): Generator<AuditInputBatch> {
  if (reader.carry.length > 0)
    throw arrayInputError(reader, "binary", "is not text: it ends inside a UTF-8 sequence", reader.fed);
  try {
    reader.tokenizer.end();
  } catch (cause) {
    throw brokenArrayError(reader, cause, reader.fed);
  }
  if (!reader.parser.isEnded)
    throw arrayInputError(reader, "broken-array", "ends before its JSON array is closed", reader.fed);
  yield* flushArrayItems(reader, bytesRead, true);
}
