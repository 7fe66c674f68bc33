import { arrayInputError } from "./arrayInputError.js";
import type { AuditArrayReader } from "./auditArrayReader.js";
import type { AuditInputBatch } from "./auditInputBatch.js";
import { brokenArrayError } from "./brokenArrayError.js";
import { concatBytes } from "./concatBytes.js";
import { copyBytes } from "./copyBytes.js";
import { flushArrayItems } from "./flushArrayItems.js";
import { findNonText } from "./internal/findNonText.js";
import { trailingCut } from "./internal/trailingCut.js";
import { skipArraySpace } from "./skipArraySpace.js";

/**
 * Reads the next bytes of the array: checks that they are text (UTF-8 as RFC 3629 and the WHATWG
 * decoder have it, and no C0 control character but tab, line feed and carriage return, which JSON
 * allows nowhere else; a sequence cut by the chunk's end waits for the next chunk), feeds them to
 * the tokenizer, checks that the element being read is not over `maxEntryBytes`, and hands out the
 * full batches of elements parsed. The text before a byte that is not text is fed first, so the
 * first problem of the input is the one reported, and the error names the element it is in.
 *
 * @param reader - The reader. {@link AuditArrayReader}
 * @param chunk - The next bytes of the input.
 * @param bytesRead - Bytes of the input read so far, this chunk included.
 * @returns The batches now full.
 * @throws InvalidAuditInputError: `binary` for bytes that are not text, `broken-array` for a syntax error,
 * `entry-too-long` for an element over `maxEntryBytes`; each names the line and byte offset.
 * @example
 * yield* writeArrayChunk(reader, chunk, bytesRead)
 */
export function* writeArrayChunk(
  reader: AuditArrayReader,
  chunk: Uint8Array,
  bytesRead: number,
): Generator<AuditInputBatch> {
  const { carry, maxEntryBytes } = reader;
  const data = carry.length > 0 ? concatBytes([carry, chunk], carry.length + chunk.length) : chunk;
  const start = reader.fed;
  const cut = trailingCut(data);
  const whole = data.subarray(0, cut);
  reader.kept.push({ start, bytes: whole });
  const bad = findNonText(whole);
  const text = bad === -1 ? whole : whole.subarray(0, bad);
  reader.carry = copyBytes(data.subarray(cut));
  try {
    reader.tokenizer.write(text);
  } catch (cause) {
    throw brokenArrayError(reader, cause, start + text.length);
  }
  reader.fed = start + text.length;
  if (reader.depth >= 1 && reader.fed - reader.boundary > maxEntryBytes) {
    const at = reader.elementStart !== -1 ? reader.elementStart : skipArraySpace(reader, reader.boundary);
    if (reader.fed - at > maxEntryBytes)
      throw arrayInputError(
        reader,
        "entry-too-long",
        `has an array element longer than ${maxEntryBytes} bytes`,
        at,
      );
  }
  if (bad !== -1) {
    const byte = whole[bad] as number;
    throw arrayInputError(
      reader,
      "binary",
      `is not text: byte 0x${byte.toString(16).padStart(2, "0")} is ${byte < 0x20 ? "a control character" : "not valid UTF-8"}`,
      start + bad,
    );
  }
  yield* flushArrayItems(reader, bytesRead, false);
}
