import { escapeTerminalText } from "./escapeTerminalText.js";
import { exitCodes } from "./exitCodes.js";
import { shouldColor } from "./shouldColor.js";
import type { Line, TextStyle } from "./styledText.js";

/** Where a command writes and how it ends; replaced in tests. */
export type Io = {
  /** Writes one line of output (standard output). */
  out: (line: Line) => void;
  /** Writes one line of messages (standard error). */
  err: (line: Line) => void;
  exit: (code: number) => void;
  /**
   * Sets what happens when the reader of standard output goes away (`attestkit ... | head`). By
   * default the process ends at once, quietly, with exit code 141 (128 + SIGPIPE, as git and gh
   * end). A command whose work is an effect rather than its output (paying, deploying, serving)
   * sets its own: go on with the output dropped, or stop cleanly. Absent where output cannot close.
   */
  onOutputClosed?: (handler: () => void) => void;
};

/** A stream the terminal Io writes to: `process.stdout`, `process.stderr`, or a test's stand-in. */
export type TerminalStream = {
  write: (text: string) => unknown;
  /** True for a terminal: only a terminal gets colours, unless the environment says otherwise. */
  isTTY?: boolean | undefined;
  /** Where a write's failure is reported (a pipe whose reader is gone: EPIPE). */
  on?: ((event: "error", listener: (error: Error) => void) => unknown) | undefined;
};

/** The streams a terminal Io writes to, and where it reads whether to colour. */
export type CreateTerminalIoParameters = {
  /** Where output goes. */
  stdout: TerminalStream;
  /** Where messages go. */
  stderr: TerminalStream;
  /** Where `FORCE_COLOR`, `NO_COLOR` and `TERM` are read (see `shouldColor`). Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
  /**
   * Called once when the reader of `stdout` goes away, unless a command set its own handler
   * (`Io.onOutputClosed`). Either way, what is written to `stdout` from then on is dropped.
   */
  onOutputClosed?: (() => void) | undefined;
};

/** The colour each style gets (SGR foreground), and the end of any of them. */
const colors: Readonly<Record<TextStyle, string>> = {
  good: "\u001b[32m",
  bad: "\u001b[31m",
  warn: "\u001b[33m",
};
const endColor = "\u001b[39m";

/**
 * An Io that writes each line to a stream, with every control character of it escaped
 * (`escapeTerminalText`): what a service, a file or a webhook sender put in a field can neither
 * start a line of its own nor move the cursor, recolour, retitle or write the clipboard. A command
 * that means several lines writes them one by one. JSON lines keep their exact value. The styled
 * parts of a line are coloured where `shouldColor` says so, around their escaped text: the only
 * escape sequences written are the colours' own. A stream whose reader went away (EPIPE) is written
 * to no more, without an error.
 *
 * @param parameters - {@link CreateTerminalIoParameters}
 * @returns The Io. {@link Io}
 * @example
 * const io = createTerminalIo({ stdout: process.stdout, stderr: process.stderr })
 */
export function createTerminalIo({
  stdout,
  stderr,
  env = process.env,
  onOutputClosed,
}: CreateTerminalIoParameters): Io {
  let handler = onOutputClosed;
  return {
    out: lineWriter(stdout, env, () => handler?.()),
    err: lineWriter(stderr, env, () => {}),
    exit: (code) => {
      process.exitCode = code;
    },
    onOutputClosed: (next) => {
      handler = next;
    },
  };
}

/** Writes lines to `stream` until its reader goes away, then calls `closed` once and drops the rest. */
function lineWriter(
  stream: TerminalStream,
  env: Readonly<Record<string, string | undefined>>,
  closed: () => void,
): (line: Line) => void {
  let color: boolean | undefined;
  let watching = false;
  let open = true;
  return (line) => {
    if (!open) return;
    if (!watching) {
      watching = true;
      stream.on?.("error", (error) => {
        const code = (error as { code?: unknown }).code;
        if (code !== "EPIPE" && code !== "ERR_STREAM_DESTROYED") throw error;
        if (!open) return;
        open = false;
        closed();
      });
    }
    color ??= shouldColor({ stream, env });
    stream.write(`${render(line, color)}\n`);
  };
}

/** The line escaped, its styled parts coloured when `color` is on. */
function render(line: Line, color: boolean): string {
  if (typeof line === "string") return escapeTerminalText(line);
  return line
    .map((part) => {
      if (typeof part === "string") return escapeTerminalText(part);
      const text = escapeTerminalText(part.text);
      return color && text ? `${colors[part.style]}${text}${endColor}` : text;
    })
    .join("");
}

/**
 * The process's own standard streams. When the reader of standard output goes away, the process
 * ends at once with exit code 141, unless the command running set its own handler.
 */
export const processIo: Io = createTerminalIo({
  stdout: process.stdout,
  stderr: process.stderr,
  onOutputClosed: () => process.exit(exitCodes.outputClosed),
});
