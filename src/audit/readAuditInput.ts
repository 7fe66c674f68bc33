import { readSync } from "node:fs";
import { Tokenizer, TokenizerError, TokenParser, TokenType } from "@streamparser/json";
import { InvalidAuditInputError } from "./errors.js";
import { findNonText } from "./internal/findNonText.js";
import { type AuditFile, openAuditFile } from "./internal/openAuditFile.js";
import { trailingCut } from "./internal/trailingCut.js";
import type { AuditBatch } from "./types.js";

/**
 * The bytes of an audit's input: a file's stream, standard input, a fetch body, chunks of text or
 * bytes, or the whole input as one string or one byte array.
 */
export type AuditInputSource =
  | string
  | Uint8Array
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>;

/** The two layouts an audit's input may have. */
export type AuditInputFormat = "jsonl" | "array";

/** A batch of the input, ready to be verified where a worker is free. */
export type AuditInputBatch = AuditBatch & {
  /** The input's layout. */
  format: AuditInputFormat;
  /** Bytes of the input read so far. */
  bytesRead: number;
};

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

const bom = [0xef, 0xbb, 0xbf];
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

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
      yield* fileRanges({ file, base, batchBytes, maxEntryBytes });
    } finally {
      file.close();
    }
    return;
  }
  const encoder = new TextEncoder();
  let format: AuditInputFormat | undefined;
  let bytesRead = 0;
  // JSON Lines: bytes not yet handed out, the line and offset they start at.
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let line = 1;
  let offset = 0;
  let array: ReturnType<typeof arrayReader> | undefined;

  // A whole input given as one string or one byte array is one chunk (a string is also an iterable
  // of its characters, a byte array one of numbers: neither is read that way).
  const chunks = typeof source === "string" || source instanceof Uint8Array ? [source] : source;
  const iterator = (
    Symbol.asyncIterator in chunks
      ? (chunks as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]()
      : (chunks as Iterable<Uint8Array | string>)[Symbol.iterator]()
  ) as AsyncIterator<Uint8Array | string> | Iterator<Uint8Array | string>;
  try {
    for (;;) {
      let step: IteratorResult<Uint8Array | string>;
      try {
        step = await iterator.next();
      } catch (cause) {
        throw new InvalidAuditInputError({
          reason: "unreadable",
          message: `cannot be read (${cause instanceof Error ? cause.message : String(cause)})`,
          cause,
        });
      }
      const done = step.done === true;
      if (!done) {
        const chunk = typeof step.value === "string" ? encoder.encode(step.value) : step.value;
        if (chunk.byteLength === 0) continue;
        bytesRead += chunk.byteLength;
        if (array) {
          yield* array.write(chunk, bytesRead);
          continue;
        }
        pending.push(chunk);
        pendingBytes += chunk.byteLength;
      }
      if (format === undefined) {
        const head = concat(pending, pendingBytes);
        pending = head.length > 0 ? [head] : [];
        // Skip a byte order mark; decide once a byte other than white space is seen.
        let start = 0;
        if (head.length >= 3 && bom.every((byte, i) => head[i] === byte)) start = 3;
        else if (!done && head.length < 3 && bom.slice(0, head.length).every((byte, i) => head[i] === byte))
          continue;
        let first = start;
        while (first < head.length && isSpace(head[first] as number)) first++;
        if (first === head.length && !done) continue;
        offset = start;
        pending = [head.subarray(start)];
        pendingBytes = head.length - start;
        if (head[first] === 0x5b /* [ */) {
          format = "array";
          array = arrayReader({ base: start, batchItems, maxEntryBytes });
          const body = head.subarray(start);
          pending = [];
          pendingBytes = 0;
          yield* array.write(body, bytesRead);
        } else format = "jsonl";
      }
      if (format === "jsonl" && (done || pendingBytes >= batchBytes)) {
        const all = concat(pending, pendingBytes);
        let from = 0;
        // Batches of about batchBytes, each ending at a line end (or holding one longer line).
        // Once an input longer than one batch has ended, what is left goes out in pieces of a
        // quarter of it (down to an eighth of a batch), smaller and smaller, so the worker threads
        // run out of work together instead of one idling while another verifies a last full
        // batch. An input of one batch stays one batch (one thread).
        while (all.length - from >= batchBytes || (done && from < all.length)) {
          const target =
            done && line > 1
              ? Math.min(batchBytes, Math.max(Math.ceil(batchBytes / 8), Math.ceil((all.length - from) / 4)))
              : batchBytes;
          let cut =
            done && all.length - from <= target ? all.length : all.lastIndexOf(0x0a, from + target - 1) + 1;
          if (cut <= from) cut = all.indexOf(0x0a, from + target) + 1;
          if (cut <= from) {
            if (!done) break;
            cut = all.length;
          }
          // A copy in a buffer of its own: it is moved to a worker (a Buffer's slice would share memory).
          const bytes = copy(all.subarray(from, cut));
          let count = 0;
          for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) count++;
          const size = count + (bytes[bytes.length - 1] === 0x0a ? 0 : 1);
          yield { kind: "text", format, bytes, line, offset, size, bytesRead };
          line += count;
          offset += cut - from;
          from = cut;
        }
        const rest = all.subarray(from);
        if (rest.length > maxEntryBytes && rest.indexOf(0x0a) === -1)
          throw new InvalidAuditInputError({
            reason: "entry-too-long",
            message: `has a line longer than ${maxEntryBytes} bytes`,
            line,
            offset,
          });
        pending = rest.length > 0 ? [copy(rest)] : [];
        pendingBytes = rest.length;
      }
      if (done) {
        if (array) yield* array.end(bytesRead);
        return;
      }
    }
  } finally {
    // Stop the source (close the file) when the reader stops early.
    await (iterator as AsyncIterator<unknown>).return?.();
  }
}

/**
 * Where the JSON Lines of a file start (after a byte order mark), or undefined when the file holds
 * one JSON array: the same test as a stream's, on the file's first bytes.
 */
function jsonLinesStart({ fd, size }: AuditFile): number | undefined {
  const chunk = Buffer.allocUnsafeSlow(64 * 1024);
  let start: number | undefined;
  for (let at = 0; at < size; ) {
    const read = readSync(fd, chunk, 0, chunk.length, at);
    if (read === 0) break;
    let i = 0;
    if (start === undefined) {
      start = read >= 3 && bom.every((byte, k) => chunk[k] === byte) ? 3 : 0;
      i = start;
    }
    while (i < read && isSpace(chunk[i] as number)) i++;
    if (i < read) return chunk[i] === 0x5b /* [ */ ? undefined : start;
    at += read;
  }
  return start ?? 0;
}

/**
 * A file's JSON Lines as byte ranges of about `batchBytes`; near the end, pieces of a quarter of
 * what is left, down to a quarter of a batch, so the threads run out of work together (no
 * smaller: the noble engine shares each step's inversion across a batch, and a tiny one pays for
 * it nearly alone). A file of one batch is one range.
 */
function* fileRanges({
  file: { fd, size },
  base,
  batchBytes,
  maxEntryBytes,
}: {
  file: AuditFile;
  base: number;
  batchBytes: number;
  maxEntryBytes: number;
}): Generator<AuditInputBatch> {
  for (let start = base; start < size; ) {
    const left = size - start;
    const target =
      size - base <= batchBytes
        ? left
        : left <= 4 * batchBytes
          ? Math.min(batchBytes, Math.max(Math.ceil(batchBytes / 4), Math.ceil(left / 4)))
          : batchBytes;
    const end = Math.min(size, start + target);
    const last = end === size;
    const first = start === base;
    yield {
      kind: "range",
      format: "jsonl",
      fd,
      start,
      end,
      first,
      last,
      maxEntryBytes,
      size: end - start,
      bytesRead: end,
    };
    start = end;
  }
}

function copy(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.byteLength);
  out.set(bytes);
  return out;
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** Streams a JSON array through the tokenizer and token parser, checking the bytes on the way. */
function arrayReader({
  base,
  batchItems,
  maxEntryBytes,
}: {
  /** Offset in the input of the first byte written. */
  base: number;
  batchItems: number;
  maxEntryBytes: number;
}) {
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths: ["$.*"], keepStack: false });
  let items: unknown[] = [];
  let lines: number[] = [];
  // Bytes given to the tokenizer so far, the bytes kept to count lines, and where counting has reached.
  let fed = 0;
  const kept: { start: number; bytes: Uint8Array }[] = [];
  let counted = 0;
  let countedLine = 1;
  let depth = 0;
  let elementStart = -1;
  // Where the current element's space begins (after the last `[` or `,` of the array), and the
  // offset of the last token seen (where a token parser error is).
  let boundary = 0;
  let lastToken = 0;
  // A UTF-8 sequence cut by the end of the previous chunk.
  let carry: Uint8Array = new Uint8Array(0);

  const lineAt = (target: number): number => {
    while (counted < target && kept.length > 0) {
      const { start, bytes } = kept[0] as (typeof kept)[number];
      const end = Math.min(target, start + bytes.length);
      for (
        let i = bytes.indexOf(0x0a, counted - start);
        i !== -1 && start + i < end;
        i = bytes.indexOf(0x0a, i + 1)
      )
        countedLine++;
      counted = end;
      if (end === start + bytes.length) kept.shift();
    }
    return countedLine;
  };
  const fail = (
    reason: "binary" | "broken-array" | "entry-too-long",
    message: string,
    at: number,
    cause?: unknown,
  ) => new InvalidAuditInputError({ reason, message, line: lineAt(at), offset: base + at, cause });

  tokenizer.onToken = (info) => {
    const { token, offset } = info;
    lastToken = offset;
    if (depth === 1 && elementStart === -1 && token !== TokenType.COMMA && token !== TokenType.RIGHT_BRACKET)
      elementStart = offset;
    if (depth === 1 && token === TokenType.COMMA) boundary = offset + 1;
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
      depth++;
      if (depth === 1) boundary = offset + 1;
    } else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) depth--;
    parser.write(info);
  };
  // The first byte after `from` that is not white space (the start of an element still unread).
  const skipSpace = (from: number): number => {
    for (const { start, bytes } of kept)
      for (let i = Math.max(0, from - start); i < bytes.length; i++)
        if (!isSpace(bytes[i] as number)) return start + i;
    return from;
  };
  parser.onValue = ({ value }) => {
    items.push(value);
    lines.push(lineAt(elementStart));
    elementStart = -1;
  };

  function* flush(bytesRead: number, all: boolean): Generator<AuditInputBatch> {
    while (items.length >= batchItems || (all && items.length > 0)) {
      const batch = { items: items.slice(0, batchItems), lines: lines.slice(0, batchItems) };
      items = items.slice(batchItems);
      lines = lines.slice(batchItems);
      yield { kind: "items", format: "array", ...batch, size: batch.items.length, bytesRead };
    }
  }

  return {
    *write(chunk: Uint8Array, bytesRead: number): Generator<AuditInputBatch> {
      const data = carry.length > 0 ? concat([carry, chunk], carry.length + chunk.length) : chunk;
      const start = fed;
      const cut = trailingCut(data);
      const whole = data.subarray(0, cut);
      kept.push({ start, bytes: whole });
      const bad = findNonText(whole);
      if (bad !== -1) {
        const byte = whole[bad] as number;
        throw fail(
          "binary",
          `is not text: byte 0x${byte.toString(16).padStart(2, "0")} is ${byte < 0x20 ? "a control character" : "not valid UTF-8"}`,
          start + bad,
        );
      }
      carry = copy(data.subarray(cut));
      try {
        tokenizer.write(whole);
      } catch (cause) {
        throw brokenAt(cause, start + cut);
      }
      fed = start + cut;
      if (depth >= 1 && fed - boundary > maxEntryBytes) {
        const at = elementStart !== -1 ? elementStart : skipSpace(boundary);
        if (fed - at > maxEntryBytes)
          throw fail("entry-too-long", `has an array element longer than ${maxEntryBytes} bytes`, at);
      }
      yield* flush(bytesRead, false);
    },
    *end(bytesRead: number): Generator<AuditInputBatch> {
      if (carry.length > 0) throw fail("binary", "is not text: it ends inside a UTF-8 sequence", fed);
      try {
        tokenizer.end();
      } catch (cause) {
        throw brokenAt(cause, fed);
      }
      if (!parser.isEnded) throw fail("broken-array", "ends before its JSON array is closed", fed);
      yield* flush(bytesRead, true);
    },
  };

  function brokenAt(cause: unknown, fallback: number): InvalidAuditInputError {
    const message = cause instanceof Error ? cause.message : String(cause);
    // The tokenizer names the byte it stopped at; the token parser stops at the last token.
    const position = /absolute position "(\d+)"/.exec(message)?.[1];
    const at =
      cause instanceof TokenizerError ? (position === undefined ? fallback : Number(position)) : lastToken;
    const ended = parser.isEnded;
    return fail(
      "broken-array",
      ended ? "has more after its JSON array" : "is a JSON array with a syntax error",
      at,
      cause,
    );
  }
}
