import { expect, test } from "vitest";
import { parseAuditInput } from "./parseAuditInput.js";

const entry = (n: number) => ({
  requestId: `0x${String(n).padStart(64, "0")}`,
  requestData: { n },
  signature: "0x",
});

test("default: JSON Lines, blank lines skipped, line numbers kept", () => {
  const text = [JSON.stringify(entry(1)), "", "   ", JSON.stringify(entry(2)), ""].join("\n");
  expect(parseAuditInput(text)).toEqual({
    format: "jsonl",
    entries: [
      { line: 1, position: 0, attestation: entry(1) },
      { line: 4, position: 1, attestation: entry(2) },
    ],
    malformed: [],
  });
});

test("bad lines are reported with their numbers and the rest is still read", () => {
  const text = [
    JSON.stringify(entry(1)),
    "{not json",
    JSON.stringify(entry(3)),
    "[1, 2]",
    "42",
    "null",
    `${JSON.stringify(entry(7)).slice(0, -1)}`,
    JSON.stringify(entry(8)),
  ].join("\r\n");
  const { entries, malformed } = parseAuditInput(text);
  expect(entries.map((e) => [e.line, e.position])).toEqual([
    [1, 0],
    [3, 2],
    [8, 7],
  ]);
  expect(malformed.map((m) => m.position)).toEqual([1, 3, 4, 5, 6]);
  expect(malformed.map(({ line, error }) => [line, error.name])).toEqual([
    [2, "InvalidAuditJsonError"],
    [4, "InvalidAuditEntryError"],
    [5, "InvalidAuditEntryError"],
    [6, "InvalidAuditEntryError"],
    [7, "InvalidAuditJsonError"],
  ]);
  expect(malformed[0]?.error.message).toBe("Line 2 is not JSON.");
  expect(malformed[1]?.error.message).toBe(
    "An audit entry is an array, not an object {requestId, requestData, signature}.",
  );
});

test("only the three attestation keys are kept; missing ones are left for the verifier", () => {
  const { entries } = parseAuditInput(JSON.stringify({ ...entry(1), extra: true, requestData: undefined }));
  expect(entries).toEqual([
    {
      line: 1,
      position: 0,
      attestation: { requestId: entry(1).requestId, requestData: undefined, signature: "0x" },
    },
  ]);
});

test("a JSON array: each element's line is where it starts", () => {
  const text = `\uFEFF
[
  ${JSON.stringify(entry(1))},
  {
    "requestId": "0x[{\\"",
    "requestData": { "a": [1, {"b": "]"}] },
    "signature": "0x"
  },
  "not an object",

  ${JSON.stringify(entry(4))}]`;
  const parsed = parseAuditInput(text);
  expect(parsed.format).toBe("array");
  expect(parsed.entries.map((e) => e.line)).toEqual([3, 4, 11]);
  expect(parsed.entries[1]?.attestation).toEqual({
    requestId: '0x[{"',
    requestData: { a: [1, { b: "]" }] },
    signature: "0x",
  });
  expect(parsed.malformed).toEqual([
    { line: 9, position: 2, error: expect.objectContaining({ name: "InvalidAuditEntryError" }) },
  ]);
});

test("a one-line array: every item on line 1, in order by position", () => {
  const parsed = parseAuditInput(`[${JSON.stringify(entry(1))}, 5, ${JSON.stringify(entry(2))}]`);
  expect(parsed.entries.map((e) => [e.line, e.position])).toEqual([
    [1, 0],
    [1, 2],
  ]);
  expect(parsed.malformed.map((m) => [m.line, m.position])).toEqual([[1, 1]]);
});

test("a one-line array and an empty array", () => {
  expect(
    parseAuditInput(`[${JSON.stringify(entry(1))},${JSON.stringify(entry(2))}]`).entries.map((e) => e.line),
  ).toEqual([1, 1]);
  expect(parseAuditInput(" [ ] ")).toEqual({ format: "array", entries: [], malformed: [] });
});

test("a broken array: each element is read on its own, the bad ones reported by line", () => {
  const text = `[\n${JSON.stringify(entry(1))},\n{"requestId": oops},\n${JSON.stringify(entry(3))},,\n"x"\n]`;
  const parsed = parseAuditInput(text);
  expect(parsed.entries).toEqual([
    { line: 2, position: 0, attestation: entry(1) },
    { line: 4, position: 2, attestation: entry(3) },
  ]);
  expect(parsed.malformed).toEqual([
    { line: 3, position: 1, error: { name: "InvalidAuditJsonError", message: "Line 3 is not JSON." } },
    { line: 4, position: 3, error: { name: "InvalidAuditJsonError", message: "Line 4 is not JSON." } },
    { line: 5, position: 4, error: expect.objectContaining({ name: "InvalidAuditEntryError" }) },
  ]);
});

test("an unclosed array, a trailing comma and text after the array", () => {
  const unclosed = parseAuditInput(`[\n${JSON.stringify(entry(1))},\n${JSON.stringify(entry(2))}\n`);
  expect(unclosed.entries.map((e) => e.line)).toEqual([2, 3]);
  expect(unclosed.malformed.map((m) => m.line)).toEqual([3]);
  const trailingComma = parseAuditInput(`[${JSON.stringify(entry(1))},\n]`);
  expect(trailingComma.entries.map((e) => e.line)).toEqual([1]);
  expect(trailingComma.malformed.map((m) => m.line)).toEqual([2]);
  const after = parseAuditInput(`[${JSON.stringify(entry(1))}]\n\n{}`);
  expect(after.entries.map((e) => e.line)).toEqual([1]);
  expect(after.malformed).toEqual([
    { line: 3, position: 1, error: { name: "InvalidAuditJsonError", message: "Line 3 is not JSON." } },
  ]);
});

test("empty text: nothing, and no problem", () => {
  expect(parseAuditInput("")).toEqual({ format: "jsonl", entries: [], malformed: [] });
  expect(parseAuditInput("\n\n")).toEqual({ format: "jsonl", entries: [], malformed: [] });
});

test("many lines stay fast (line numbers by binary search)", () => {
  const lines = Array.from({ length: 20_000 }, (_, i) => JSON.stringify(entry(i)));
  const started = performance.now();
  const parsed = parseAuditInput(`[\n${lines.join(",\n")}\n]`);
  expect(parsed.entries).toHaveLength(20_000);
  expect(parsed.entries.at(-1)?.line).toBe(20_001);
  expect(performance.now() - started).toBeLessThan(5_000);
});
