import { Tokenizer, TokenParser } from "@streamparser/json";
import type { AuditArrayReader } from "./auditArrayReader.js";
import { takeArrayElement } from "./takeArrayElement.js";
import { trackArrayToken } from "./trackArrayToken.js";

export type CreateAuditArrayReaderParameters = {
  /** Offset in the input of the first byte written. */
  base: number;
  /** Elements per batch. */
  batchItems: number;
  /** Longest element accepted, in bytes. */
  maxEntryBytes: number;
};

/**
 * Starts reading a JSON array as it streams: a tokenizer and a token parser of
 * `@streamparser/json` that emits each element of the top-level array (path `$.*`) and keeps no
 * stack, wired to `trackArrayToken` (where each element starts) and `takeArrayElement` (each
 * element with its line). Feed it with `writeArrayChunk`, finish with `endAuditArray`.
 *
 * @param parameters - {@link CreateAuditArrayReaderParameters}
 * @returns The reader, nothing read yet. {@link AuditArrayReader} Never throws.
 * @example
 * const array = createAuditArrayReader({ base: 0, batchItems: 256, maxEntryBytes: 1 << 20 })
 */
export function createAuditArrayReader({
  base,
  batchItems,
  maxEntryBytes,
}: CreateAuditArrayReaderParameters): AuditArrayReader {
  const reader: AuditArrayReader = {
    tokenizer: new Tokenizer(),
    parser: new TokenParser({ paths: ["$.*"], keepStack: false }),
    base,
    batchItems,
    maxEntryBytes,
    elements: 0,
    items: [],
    lines: [],
    fed: 0,
    kept: [],
    counted: 0,
    countedLine: 1,
    depth: 0,
    elementStart: -1,
    lastElementStart: -1,
    boundary: 0,
    lastToken: 0,
    carry: new Uint8Array(0),
  };
  reader.tokenizer.onToken = (info) => trackArrayToken(reader, info);
  reader.parser.onValue = ({ value }) => takeArrayElement(reader, value);
  return reader;
}
