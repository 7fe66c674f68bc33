import { describeAuditError } from "./describeAuditError.js";
import { InvalidAuditEntryError, InvalidAuditJsonError } from "./errors.js";
import type { AuditAttestation, AuditErrorDescription } from "./types.js";

/** One entry of an audit file, the line it starts on and its place among all items read. */
export type AuditInputEntry = { line: number; position: number; attestation: AuditAttestation };

/** An item that is no entry (not JSON, or not an object), where it is, and why. */
export type AuditInputProblem = { line: number; position: number; error: AuditErrorDescription };

export type ParseAuditInputReturnType = {
  /** `jsonl`: one entry per line; `array`: one JSON array. */
  format: "jsonl" | "array";
  /** The entries, in file order. */
  entries: AuditInputEntry[];
  /** The items that could not be read, in file order; `position` interleaves them with `entries`. */
  malformed: AuditInputProblem[];
};

/**
 * Reads an audit file: JSON Lines (one `{requestId, requestData, signature}` per line, blank lines
 * skipped) or, when the text starts with `[`, one JSON array. A bad line is reported with its
 * 1-based number and the others are still read; it never throws.
 *
 * @param text - The file's text.
 * @returns The entries and the malformed lines. {@link ParseAuditInputReturnType}
 * @example
 * parseAuditInput('{"requestId":"0x..","requestData":{..},"signature":"0x.."}\nnot json\n')
 * // { format: "jsonl", entries: [{ line: 1, position: 0, attestation }],
 * //   malformed: [{ line: 2, position: 1, error: { name: "InvalidAuditJsonError", ... } }] }
 */
export function parseAuditInput(text: string): ParseAuditInputReturnType {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trimStart().startsWith("[")) return parseArray(body);
  const out: ParseAuditInputReturnType = { format: "jsonl", entries: [], malformed: [] };
  for (const [i, raw] of body.split("\n").entries()) {
    const line = raw.trim();
    if (line === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (cause) {
      addProblem(out, i + 1, new InvalidAuditJsonError({ line: i + 1, cause }));
      continue;
    }
    addEntry(out, i + 1, value);
  }
  return out;
}

function addEntry(out: ParseAuditInputReturnType, line: number, value: unknown): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    addProblem(out, line, new InvalidAuditEntryError({ value }));
    return;
  }
  const { requestId, requestData, signature } = value as Record<string, unknown>;
  const position = out.entries.length + out.malformed.length;
  out.entries.push({ line, position, attestation: { requestId, requestData, signature } });
}

function addProblem(out: ParseAuditInputReturnType, line: number, error: unknown): void {
  const position = out.entries.length + out.malformed.length;
  out.malformed.push({ line, position, error: describeAuditError(error) });
}

function parseArray(text: string): ParseAuditInputReturnType {
  const out: ParseAuditInputReturnType = { format: "array", entries: [], malformed: [] };
  const line = lineFinder(text);
  const { spans, trailing } = elementSpans(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Read element by element, so one bad element does not hide the others.
    for (const [start, end] of spans) {
      try {
        addEntry(out, line(start), JSON.parse(text.slice(start, end)));
      } catch (cause) {
        addProblem(out, line(start), new InvalidAuditJsonError({ line: line(start), cause }));
      }
    }
    const at = trailing ?? (out.malformed.length === 0 ? text.trimEnd().length : undefined);
    if (at !== undefined) addProblem(out, line(at), new InvalidAuditJsonError({ line: line(at) }));
    return out;
  }
  for (const [i, element] of (value as unknown[]).entries()) addEntry(out, line(spans[i]?.[0] ?? 0), element);
  return out;
}

// 1-based line of an offset, by binary search over the newline positions.
function lineFinder(text: string): (offset: number) => number {
  const newlines: number[] = [];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) newlines.push(i);
  return (offset) => {
    let low = 0;
    let high = newlines.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((newlines[mid] as number) < offset) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  };
}

/**
 * Where each top-level element of a JSON array starts and ends (`[start, end)`), read leniently so
 * that it also splits a broken array; `trailing` is the offset of anything after the closing `]`.
 */
function elementSpans(text: string): { spans: [number, number][]; trailing: number | undefined } {
  const spans: [number, number][] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  let separators = 0;
  let closed = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === " " || char === "\n" || char === "\r" || char === "\t") continue;
    if (closed) return { spans, trailing: i };
    if (depth === 1 && (char === "," || char === "]")) {
      if (start !== -1) spans.push([start, i]);
      // `[1,,2]` or `[1,]`: an empty element, reported as not JSON.
      else if (char === "," || separators > 0) spans.push([i, i]);
      start = -1;
      if (char === ",") separators++;
      else {
        depth = 0;
        closed = true;
      }
      continue;
    }
    if (depth === 1 && start === -1) start = i;
    if (char === '"') inString = true;
    else if (char === "[" || char === "{") depth++;
    else if (char === "]" || char === "}") depth--;
  }
  if (start !== -1) spans.push([start, text.length]);
  return { spans, trailing: undefined };
}
