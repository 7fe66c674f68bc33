import { auditFileRanges } from "./auditFileRanges.js";
import type { AuditInputBatch } from "./auditInputBatch.js";
import type { InvalidAuditInputError } from "./errors.js";
import { openAuditFile } from "./internal/openAuditFile.js";
import { iteratorOf } from "./iteratorOf.js";
import { jsonLinesStart } from "./jsonLinesStart.js";
import { readAuditStream } from "./readAuditStream.js";

export type { AuditInputBatch, AuditInputFormat } from "./auditInputBatch.js";

/**
 * The bytes of an audit's input: a file's stream, standard input, a fetch body, chunks of text or
 * bytes, or the whole input as one string or one byte array.
 */
export type AuditInputSource =
  | string
  | Uint8Array
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>;

export type ReadAuditInputParameters = {
  /** The input's bytes. */
  source: AuditInputSource;
  /** JSON Lines text per batch (default 256 KiB; the audit passes `auditBatchBytes`). */
  batchBytes?: number | undefined;
  /** Array elements per batch (default 256). */
  batchItems?: number | undefined;
  /** Longest line or array element accepted (default 1 MiB). */
  maxEntryBytes?: number | undefined;
  /**
   * A JSON Lines file of at least this many bytes, given as its unread read stream, comes in
   * byte ranges (kind `range`) that the threads verifying them read for themselves (default
   * 1 MiB; `Infinity` streams every input).
   */
  rangesFrom?: number | undefined;
};

export type ReadAuditInputErrorType = InvalidAuditInputError;

/**
 * JSON Lines text per batch for an engine: 128 KiB for `native` (about 260 entries: the per-batch
 * messages and libsecp256k1's tables coming back into cache are paid once per batch, so 64 KiB
 * cost about 2 % more CPU; at 16 workers on a million lines the peak memory is 733 MB against
 * 705 MB), larger for `noble` (about 2,000 entries), whose batched recovery shares each step's
 * field inversion across the batch: the tenth of a batch that does not confirm against a known
 * key is recovered in about 230 steps. Larger still would share more but leave one thread idle
 * longer at the end of a short input.
 */
export const auditBatchBytes = { native: 128 * 1024, noble: 1024 * 1024 } as const;

/**
 * Reads an audit's input as a stream, in bounded memory, and cuts it into batches. The layout is
 * told by the first byte that is not white space (after a UTF-8 byte order mark): `[` starts one
 * JSON array, read element by element by a streaming parser (`@streamparser/json`); anything else
 * is JSON Lines, cut at line ends and left for the workers to parse. JSON Lines text is checked
 * where it is parsed; an array is checked here, as it streams through.
 *
 * A JSON Lines file (the unread read stream of a regular file of at least `rangesFrom` bytes) is
 * not read here at all: it comes as byte ranges of about `batchBytes`, and whoever verifies a
 * range reads its lines from the file (see `readAuditRange`), so reading, checking and parsing
 * spread over every thread. The file stays open until the batch after the last range (`last`)
 * is asked for, or the reader is stopped; then it is closed.
 *
 * @param parameters - {@link ReadAuditInputParameters}
 * @returns The batches, in input order. {@link AuditInputBatch}
 * @throws InvalidAuditInputError: `unreadable` when the source throws, `binary` for bytes that are
 * not UTF-8 text (array), `broken-array` for an array with a syntax error or cut short,
 * `entry-too-long` for a line or element over `maxEntryBytes`. Each names the line and byte offset.
 * (In ranges, the thread reading a range finds what is wrong with it.)
 * @example
 * for await (const batch of readAuditInput({ source: createReadStream("audit.jsonl") })) ...
 */
export async function* readAuditInput({
  source,
  batchBytes = 256 * 1024,
  batchItems = 256,
  maxEntryBytes = 1024 * 1024,
  rangesFrom = 1024 * 1024,
}: ReadAuditInputParameters): AsyncGenerator<AuditInputBatch, void, undefined> {
  const file = rangesFrom === Number.POSITIVE_INFINITY ? undefined : await openAuditFile(source);
  const base = file && file.size >= rangesFrom ? jsonLinesStart(file) : undefined;
  if (file && base !== undefined) {
    try {
      yield* auditFileRanges({ file, base, batchBytes, maxEntryBytes });
    } finally {
      file.close();
    }
    return;
  }
  // A whole input given as one string or one byte array is one chunk (a string is also an iterable
  // of its characters, a byte array one of numbers: neither is read that way).
  const iterator = iteratorOf(typeof source === "string" || source instanceof Uint8Array ? [source] : source);
  try {
    yield* readAuditStream(iterator, { batchBytes, batchItems, maxEntryBytes });
  } finally {
    // Stop the source (close the file) when the reader stops early.
    await iterator.return?.();
  }
}
