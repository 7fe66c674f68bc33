import { mkdirSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { makeTempDir } from "../../../../test/support/tempDir.js";
import { zeroFifo } from "../../../../test/support/zeroFifo.js";
import { readBoundedFile } from "./readBoundedFile.js";

const dir = makeTempDir("bounded");
const limit = { what: "a test record", maxBytes: 1_048_576 };

test("default: the whole file, as UTF-8", () => {
  const path = join(dir, "a.json");
  writeFileSync(path, '{"a":"é"}');
  expect(readBoundedFile({ file: path, ...limit })).toBe('{"a":"é"}');
});

test("exactly the limit is read; one byte more is refused", () => {
  const path = join(dir, "exact.txt");
  writeFileSync(path, "x".repeat(limit.maxBytes));
  expect(readBoundedFile({ file: path, ...limit })).toHaveLength(limit.maxBytes);
  writeFileSync(path, "x".repeat(limit.maxBytes + 1));
  expect(() => readBoundedFile({ file: path, ...limit })).toThrow(/larger than 1 MiB/);
});

test("a regular file over the limit is refused by its size: a sparse 1 TiB file reads nothing", () => {
  const path = join(dir, "huge.json");
  writeFileSync(path, "");
  truncateSync(path, 2 ** 40);
  expect(() => readBoundedFile({ file: path, ...limit })).toThrow(
    expect.objectContaining({
      exitCode: 2,
      shortMessage: `${path} is larger than 1 MiB (1048576 bytes), the limit for a test record.`,
    }),
  );
});

test("/dev/zero is refused once the limit is read, not read until memory runs out", () => {
  expect(() => readBoundedFile({ file: "/dev/zero", ...limit })).toThrow(
    expect.objectContaining({
      exitCode: 2,
      shortMessage: "/dev/zero is larger than 1 MiB (1048576 bytes), the limit for a test record.",
    }),
  );
});

test("a pipe that holds more is cut at the limit: its writer is left with the rest", async () => {
  const fifo = zeroFifo(dir, 64 * 1_048_576);
  expect(() => readBoundedFile({ file: fifo.path, ...limit })).toThrow(/larger than 1 MiB/);
  // The reader went away long before 64 MiB: the writer ends on a broken pipe, not done.
  expect(await fifo.ended).not.toEqual({ code: 0, signal: null });
});

test("a directory or a missing file is bad input naming it", () => {
  mkdirSync(join(dir, "folder"));
  expect(() => readBoundedFile({ file: join(dir, "folder"), ...limit })).toThrow(
    expect.objectContaining({
      exitCode: 2,
      shortMessage: `Cannot read ${join(dir, "folder")}: it is a directory.`,
    }),
  );
  expect(() => readBoundedFile({ file: join(dir, "nope"), ...limit })).toThrow(
    expect.objectContaining({ exitCode: 2, shortMessage: `Cannot read ${join(dir, "nope")}.` }),
  );
});
