import { InvalidAuditInputError } from "../errors.js";
import { findNonText } from "./findNonText.js";

export type ParseAuditLinesParameters = {
  /** Whole lines of JSON Lines text (a batch ends at a line end, or at the end of the input). */
  bytes: Uint8Array;
  /** The 1-based line number of the first line. */
  line: number;
  /** The byte offset of `bytes[0]` in the input. */
  offset: number;
};

export type ParseAuditLinesReturnType = {
  /** Each non-blank line's value, or undefined where the line is not JSON. */
  values: unknown[];
  /** Each value's line number. */
  lines: number[];
  /** The indices in `values` of the lines that are not JSON. */
  problems: number[];
};

const decoder = new TextDecoder("utf-8", { fatal: true });

// A C0 control character other than tab, line feed and carriage return: never in JSON text.
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
}
/**
 * Reads a batch of JSON Lines: blank lines are skipped, a line that is not JSON is a problem of
 * that line, and bytes that are no text at all (invalid UTF-8, control characters) make the whole
 * input unreadable, since nothing after them can be trusted to be what the writer meant.
 *
 * @param parameters - {@link ParseAuditLinesParameters}
 * @returns The values, their lines and the lines that are not JSON. {@link ParseAuditLinesReturnType}
 * @throws InvalidAuditInputError (reason `binary`) naming the line and byte offset.
 */
export function parseAuditLines({
  bytes,
  line,
  offset,
}: ParseAuditLinesParameters): ParseAuditLinesReturnType {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw binaryAt(bytes, findNonText(bytes), line, offset);
  }
  const values: unknown[] = [];
  const lines: number[] = [];
  const problems: number[] = [];
  let number = line;
  for (let start = 0; start <= text.length; number++) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const raw = text.slice(start, end);
    const lineStart = start;
    start = end + 1;
    // Blank (or white space only): skipped. A line starting with `{` is the common case.
    if (raw.length === 0 || (raw.charCodeAt(0) !== 0x7b && raw.trim() === "")) continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      if (hasControl(raw)) {
        // The line's first byte: its characters before it are counted in UTF-8 bytes.
        const at = Buffer.byteLength(text.slice(0, lineStart), "utf8");
        throw binaryAt(bytes, findNonText(bytes, at), line, offset);
      }
      problems.push(values.length);
    }
    values.push(value);
    lines.push(number);
  }
  return { values, lines, problems };
}

function binaryAt(bytes: Uint8Array, at: number, line: number, offset: number): InvalidAuditInputError {
  let number = line;
  for (let i = bytes.indexOf(10); i !== -1 && i < at; i = bytes.indexOf(10, i + 1)) number++;
  const byte = bytes[at] as number;
  return new InvalidAuditInputError({
    reason: "binary",
    message: `is not text: byte 0x${byte.toString(16).padStart(2, "0")} is ${byte < 0x20 ? "a control character" : "not valid UTF-8"}`,
    line: number,
    offset: offset + at,
  });
}
