import { closeSync, createReadStream, fdatasyncSync, ftruncateSync, openSync, writeSync } from "node:fs";
import type { AttestationVersion } from "../../attestation/types.js";
import type { CollectedAttestation } from "../../collect/types.js";
import { CliError } from "../cliError.js";
import { exitCodes } from "../exitCodes.js";

/** The longest line read back from a collect file, in bytes: far above any attestation (about 600). */
export const maxCollectLineBytes = 1_048_576;

/** Lines appended between two flushes to the disk (`fdatasync`). */
export const collectSyncEvery = 1000;

export type OpenCollectFileParameters = {
  /** The `--out` file: created if missing, resumed if not. */
  path: string;
  /** The attestations collected into it: a file of the other version is refused. */
  version: AttestationVersion;
  /** Lines appended between two flushes. Default {@link collectSyncEvery}. */
  syncEvery?: number | undefined;
};

export type CollectFile = {
  /** Whether the file holds a line of this request id (case of hex digits ignored). */
  has: (requestId: string) => boolean;
  /** Whole lines the file held when it was opened. */
  existing: number;
  /** Bytes of a torn last line, left by a run killed while writing, cut off when it was opened. */
  cut: number;
  /**
   * Appends the attestation as one line, in one write, unless the file holds its request id
   * already. Returns whether it was written.
   */
  append: (attestation: CollectedAttestation) => boolean;
  /** Lines appended since it was opened. */
  appended: () => number;
  /** Flushes what was appended to the disk and closes the file. */
  close: () => void;
};

/**
 * Opens `collect --out` FILE for appending, after reading what it holds, so that a collection
 * killed any number of times and run again never fetches a request twice and never writes a line
 * twice:
 *
 * 1. The file is read as a stream, line by line (memory: one line, and the set of request ids).
 *    Every whole line must be one attestation entry `{requestId, requestData, signature}` of the
 *    version asked for (v1 has `originAmount`, v2 `destinationCurrency`); a line that is not is an
 *    error naming it (exit 2): a file collect did not write, or of the other version, is not
 *    appended to. Empty lines are passed over.
 * 2. A last line without its line end is what a kill in the middle of a write leaves: it is cut
 *    off (`ftruncate`), so the file ends with a whole line before anything is appended; its request
 *    is fetched again.
 * 3. Each entry is then appended as one line ending in `\n`, written with a single `write` to a
 *    file opened `O_APPEND`: a kill leaves whole lines, or at worst one torn last line that step 2
 *    cuts. A request id already in the file (read in step 1, or appended since) is never written
 *    again.
 *
 * Durability: a killed process loses nothing it wrote (the kernel has it); the lines are flushed to
 * the disk (`fdatasync`) every `syncEvery` lines and when the file is closed, so a power failure
 * loses at most the lines since the last flush (fetched again on the next run). One collection per
 * file at a time: two at once may both fetch and write a request.
 *
 * @param parameters - {@link OpenCollectFileParameters}
 * @returns The open file. {@link CollectFile}
 * @throws CliError (exit 2) for a file that cannot be read or written, or a line that is not an entry of the version.
 * @example
 * const file = await openCollectFile({ path: "history.jsonl", version: "v1" })
 * if (!file.has(id)) file.append(attestation)
 * file.close()
 */
export async function openCollectFile({
  path,
  version,
  syncEvery = collectSyncEvery,
}: OpenCollectFileParameters): Promise<CollectFile> {
  const ids = new Set<string>();
  const { wholeBytes, lines, size } = await readExisting(path, version, ids);
  let fd: number;
  try {
    fd = openSync(path, "a");
  } catch (cause) {
    throw new CliError(`Cannot write ${path}.`, { exitCode: exitCodes.badInput, cause, field: "--out" });
  }
  const cut = size - wholeBytes;
  if (cut > 0) ftruncateSync(fd, wholeBytes);
  let appended = 0;
  let unsynced = 0;
  let open = true;
  return {
    has: (requestId) => ids.has(requestId.toLowerCase()),
    existing: lines,
    cut,
    append(attestation) {
      const key = attestation.requestId.toLowerCase();
      if (ids.has(key)) return false;
      const line = Buffer.from(`${JSON.stringify(attestation)}\n`);
      const written = writeSync(fd, line);
      // A short write (a full disk) leaves a torn line: the next run cuts it.
      if (written !== line.length)
        throw new CliError(`Wrote ${written} of ${line.length} bytes to ${path}: is the disk full?`, {
          exitCode: exitCodes.badInput,
          field: "--out",
        });
      ids.add(key);
      appended++;
      if (++unsynced >= syncEvery) {
        fdatasyncSync(fd);
        unsynced = 0;
      }
      return true;
    },
    appended: () => appended,
    close() {
      if (!open) return;
      open = false;
      try {
        fdatasyncSync(fd);
      } finally {
        closeSync(fd);
      }
    },
  };
}

/**
 * Reads the file's whole lines into `ids`; returns where the last whole line ends, the lines read
 * and the file's size. A missing file is an empty one.
 */
async function readExisting(
  path: string,
  version: AttestationVersion,
  ids: Set<string>,
): Promise<{ wholeBytes: number; lines: number; size: number }> {
  let offset = 0;
  let wholeBytes = 0;
  let lines = 0;
  let lineNumber = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const take = (line: Buffer) => {
    lineNumber++;
    // A byte order mark is passed over at the start, as `audit` does.
    const text = (
      lineNumber === 1 ? line.toString("utf8").replace(/^\uFEFF/, "") : line.toString("utf8")
    ).trim();
    if (text === "") return;
    ids.add(readEntryId({ text, path, line: lineNumber, version }).toLowerCase());
    lines++;
  };
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
      let start = 0;
      for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
        const piece = chunk.subarray(start, end);
        take(pending.length > 0 ? Buffer.concat([...pending, piece]) : piece);
        pending = [];
        pendingBytes = 0;
        start = end + 1;
        wholeBytes = offset + start;
      }
      if (start < chunk.length) {
        pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
        if (pendingBytes > maxCollectLineBytes)
          throw new CliError(
            `Line ${lineNumber + 1} of ${path} is longer than ${maxCollectLineBytes} bytes: not a file collect wrote.`,
            { exitCode: exitCodes.badInput, field: "--out" },
          );
      }
      offset += chunk.length;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { wholeBytes: 0, lines: 0, size: 0 };
    if (error instanceof CliError) throw error;
    throw new CliError(`Cannot read ${path}.`, {
      exitCode: exitCodes.badInput,
      cause: error,
      field: "--out",
    });
  }
  return { wholeBytes, lines, size: offset };
}

/** The request id of one line, which must be an entry of `version`. */
function readEntryId({
  text,
  path,
  line,
  version,
}: {
  text: string;
  path: string;
  line: number;
  version: AttestationVersion;
}): string {
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    entry = undefined;
  }
  const { requestId, requestData, signature } = (entry ?? {}) as Record<string, unknown>;
  if (
    typeof entry !== "object" ||
    entry === null ||
    Array.isArray(entry) ||
    typeof requestId !== "string" ||
    typeof signature !== "string" ||
    typeof requestData !== "object" ||
    requestData === null
  )
    throw new CliError(
      `Line ${line} of ${path} is not an attestation entry {requestId, requestData, signature}.`,
      {
        exitCode: exitCodes.badInput,
        field: "--out",
        metaMessages: [
          "collect appends only to a JSON Lines file it wrote: give --out a new file, or that one.",
        ],
      },
    );
  const found: AttestationVersion = "originAmount" in requestData ? "v1" : "v2";
  if (found !== version)
    throw new CliError(
      `${path} holds ${found} attestations (line ${line}); this collection fetches ${version}.`,
      {
        exitCode: exitCodes.badInput,
        field: "--out",
        metaMessages: [
          found === "v2"
            ? "Add --v2 to go on with it, or give --out another file."
            : "Leave out --v2 to go on with it, or give --out another file.",
        ],
      },
    );
  return requestId;
}
