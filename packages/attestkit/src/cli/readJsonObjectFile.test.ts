import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { makeTempDir } from "../../../../test/support/tempDir.js";
import { readJsonObjectFile } from "./readJsonObjectFile.js";

const dir = makeTempDir("json");
const limit = { what: "an object", maxBytes: 64 };
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

test("default", () => {
  expect(readJsonObjectFile({ file: file("a.json", '{"a":1}'), ...limit })).toEqual({ a: 1 });
});

test.each([
  ["missing", join(dir, "nope.json"), /Cannot read/],
  ["not JSON", file("b.json", "{a"), /is not JSON/],
  ["an array", file("c.json", "[1]"), /must hold an object/],
  ["a scalar", file("d.json", "3"), /must hold an object/],
  ["null", file("e.json", "null"), /must hold an object/],
  [
    "over the limit",
    file("f.json", `{"a":"${"x".repeat(64)}"}`),
    /larger than 64 bytes, the limit for an object/,
  ],
])("%s is bad input (exit 2)", (_, path, message) => {
  expect(() => readJsonObjectFile({ file: path, ...limit })).toThrow(
    expect.objectContaining({ exitCode: 2, shortMessage: expect.stringMatching(message) }),
  );
});
