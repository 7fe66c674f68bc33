import { fstatSync, ReadStream } from "node:fs";

/** A regular file behind an audit's input, for threads to read in ranges. */
export type AuditFile = {
  /** Its descriptor, shared by every thread of the process (they read it at explicit positions). */
  fd: number;
  /** Its size when it was opened: the audit reads this much (and the rest of the last line). */
  size: number;
  /** Closes it (destroys the stream it came from). */
  close: () => void;
};

/**
 * The file behind an audit's input, when the input is the read stream of a regular file that
 * nothing has read yet, from its first byte to its last (`createReadStream(path)` or
 * `filehandle.createReadStream()`, as the CLI opens FILE): then the threads that verify it can
 * read it themselves, each its own byte ranges, and no thread reads it all. Undefined for any
 * other input (standard input, even redirected from a file; a pipe; a stream already read from or
 * not closing its descriptor; a part of a file), which is read as a stream; so is a stream whose
 * file cannot be opened, so its error is reported there.
 *
 * @param source - An audit's input.
 * @returns The file, or undefined. {@link AuditFile}
 * @example
 * const file = await openAuditFile(createReadStream("history.jsonl")) // { fd: 21, size: 506000000, close }
 */
export async function openAuditFile(source: unknown): Promise<AuditFile | undefined> {
  if (!(source instanceof ReadStream)) return undefined;
  const stream = source as ReadStream & {
    fd: number | null;
    start?: number;
    end?: number;
    autoClose?: boolean;
  };
  // A descriptor its owner keeps open (standard input redirected from a file is one) may have been
  // read from already: where it stands is unknown, so it is read as a stream, from there.
  const untouched =
    stream.autoClose !== false &&
    !stream.destroyed &&
    stream.readableFlowing === null &&
    stream.readableLength === 0 &&
    stream.bytesRead === 0 &&
    (stream.start ?? 0) === 0 &&
    (stream.end ?? Number.POSITIVE_INFINITY) === Number.POSITIVE_INFINITY;
  if (!untouched) return undefined;
  if (stream.pending) {
    const opened = await new Promise<boolean>((resolve) => {
      const onReady = () => {
        stream.off("error", onError);
        resolve(true);
      };
      const onError = () => {
        stream.off("ready", onReady);
        resolve(false);
      };
      stream.once("ready", onReady);
      stream.once("error", onError);
    });
    if (!opened) return undefined;
  }
  const fd = stream.fd;
  if (typeof fd !== "number") return undefined;
  let size: number;
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return undefined;
    size = stats.size;
  } catch {
    return undefined;
  }
  return {
    fd,
    size,
    close: () => {
      // Nothing reads through the stream; a failure to close is no failure of the audit.
      stream.once("error", () => {});
      stream.destroy();
    },
  };
}
