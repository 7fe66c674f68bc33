import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { CliError } from "./cliError.js";
import { exitCodes } from "./exitCodes.js";
import type { InputLimit } from "./inputLimits.js";

export type ReadBoundedFileParameters = InputLimit & {
  /** The path, or `-` for standard input. */
  file: string;
};

/** How much one read asks for. */
const chunkBytes = 65_536;

/**
 * Reads a file (or standard input, `-`) as UTF-8 text, at most `maxBytes` of it. A regular file
 * larger than that is refused by its size before anything is read; a device, pipe or standard input
 * is read until the limit is passed and then refused, so `/dev/zero` costs one chunk over the limit,
 * not all the memory there is. Both are bad input (exit 2), naming the file, the limit and the kind.
 *
 * @param parameters - {@link ReadBoundedFileParameters}
 * @returns The text.
 * @example
 * readBoundedFile({ file: "quote.json", ...inputLimits.quote })
 */
export function readBoundedFile({ file, what, maxBytes }: ReadBoundedFileParameters): string {
  const name = file === "-" ? "standard input" : file;
  let fd: number;
  try {
    fd = file === "-" ? 0 : openSync(file, "r");
  } catch (cause) {
    throw new CliError(`Cannot read ${name}.`, { exitCode: exitCodes.badInput, cause });
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory())
      throw new CliError(`Cannot read ${name}: it is a directory.`, { exitCode: exitCodes.badInput });
    if (stats.isFile() && stats.size > maxBytes) throw tooLarge({ name, what, maxBytes });
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(chunkBytes);
      const read = readChunk(fd, chunk, name);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw tooLarge({ name, what, maxBytes });
      chunks.push(chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, total).toString("utf8");
  } finally {
    if (file !== "-") closeSync(fd);
  }
}

/** One read; a non-blocking standard input that has nothing yet is waited for. */
function readChunk(fd: number, chunk: Buffer, name: string): number {
  for (;;) {
    try {
      return readSync(fd, chunk, 0, chunk.length, null);
    } catch (cause) {
      if ((cause as { code?: unknown }).code === "EAGAIN") {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      // Windows reports the end of a pipe as an error.
      if ((cause as { code?: unknown }).code === "EOF") return 0;
      throw new CliError(`Cannot read ${name}.`, { exitCode: exitCodes.badInput, cause });
    }
  }
}

function tooLarge({ name, what, maxBytes }: InputLimit & { name: string }): CliError {
  return new CliError(`${name} is larger than ${showBytes(maxBytes)}, the limit for ${what}.`, {
    exitCode: exitCodes.badInput,
    metaMessages: [
      `No genuine one comes near that size (the limit is not raised): check that ${name} is the file you meant.`,
    ],
  });
}

/** `1 MiB (1048576 bytes)`. */
function showBytes(bytes: number): string {
  const mib = bytes / 1_048_576;
  return Number.isInteger(mib) ? `${mib} MiB (${bytes} bytes)` : `${bytes} bytes`;
}
