import { expect, test } from "vitest";
import { parseAuditLines } from "./parseAuditLines.js";

const parse = (text: string | Uint8Array, line = 1, offset = 0) =>
  parseAuditLines({ bytes: typeof text === "string" ? new TextEncoder().encode(text) : text, line, offset });

test("default: one value per non-blank line, with its line number", () => {
  expect(parse('{"a":1}\n\n  \r\n[2]\r\n"x"', 5)).toEqual({
    values: [{ a: 1 }, [2], "x"],
    lines: [5, 8, 9],
    problems: [],
  });
  expect(parse("")).toEqual({ values: [], lines: [], problems: [] });
});

test("a line that is not JSON is a problem of that line; the others are read", () => {
  const { values, lines, problems } = parse('{"a":1}\n{oops\n{"b":2}\n', 3);
  expect(values).toEqual([{ a: 1 }, undefined, { b: 2 }]);
  expect(lines).toEqual([3, 4, 5]);
  expect(problems).toEqual([1]);
});

test("bytes that are not UTF-8 end the batch, naming the line and the byte offset in the input", () => {
  const bytes = new TextEncoder().encode('{"a":"é"}\n{"a":1}\n{"b":2}\n');
  bytes[16] = 0xfe;
  expect(() => parse(bytes, 10, 1000)).toThrow(
    expect.objectContaining({
      name: "InvalidAuditInputError",
      reason: "binary",
      line: 11,
      offset: 1016,
      shortMessage: "The audit input is not text: byte 0xfe is not valid UTF-8 at line 11, byte offset 1016.",
    }),
  );
});

test("a control character makes a line binary, not merely malformed", () => {
  expect(() => parse('{"a":"é"}\n{"a":"x\u0000"}\n', 1, 0)).toThrow(
    expect.objectContaining({
      reason: "binary",
      line: 2,
      offset: 18,
      problem: "is not text: byte 0x00 is a control character",
    }),
  );
  // Tabs and carriage returns are white space; JSON is fine with them.
  expect(parse('\t{"a":1}\r\n').values).toEqual([{ a: 1 }]);
});
