import { escapeTerminalText } from "./escapeTerminalText.js";

/** Where a command writes and how it ends; replaced in tests. */
export type Io = {
  /** Writes one line of output (standard output). */
  out: (line: string) => void;
  /** Writes one line of messages (standard error). */
  err: (line: string) => void;
  exit: (code: number) => void;
};

/** A stream the terminal Io writes to: `process.stdout`, `process.stderr`, or a test's stand-in. */
export type TerminalStream = { write: (text: string) => unknown };

/**
 * An Io that writes each line to a stream, with every control character of it escaped
 * (`escapeTerminalText`): what a service, a file or a webhook sender put in a field can neither
 * start a line of its own nor move the cursor, recolour, retitle or write the clipboard. A command
 * that means several lines writes them one by one. JSON lines keep their exact value.
 *
 * @param streams - Where output and messages go.
 * @returns The Io. {@link Io}
 * @example
 * const io = createTerminalIo({ stdout: process.stdout, stderr: process.stderr })
 */
export function createTerminalIo({ stdout, stderr }: { stdout: TerminalStream; stderr: TerminalStream }): Io {
  return {
    out: (line) => stdout.write(`${escapeTerminalText(line)}\n`),
    err: (line) => stderr.write(`${escapeTerminalText(line)}\n`),
    exit: (code) => {
      process.exitCode = code;
    },
  };
}

/** The process's own standard streams. */
export const processIo: Io = createTerminalIo({ stdout: process.stdout, stderr: process.stderr });
