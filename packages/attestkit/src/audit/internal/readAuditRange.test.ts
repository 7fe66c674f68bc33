import { closeSync, openSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { makeTempDir } from "../../../../../test/support/tempDir.js";
import { readAuditRange } from "./readAuditRange.js";

const dir = makeTempDir("audit-range");
const opened: number[] = [];
afterAll(() => {
  for (const fd of opened) closeSync(fd);
});
let files = 0;
function file(bytes: string | Uint8Array): number {
  const path = join(dir, `input${files++}.jsonl`);
  writeFileSync(path, bytes);
  const fd = openSync(path, "r");
  opened.push(fd);
  return fd;
}
const decoder = new TextDecoder();

/** Cuts [base, size) at `cuts` and reads every range, as the threads of an audit would. */
function readAll(fd: number, base: number, size: number, cuts: number[], maxEntryBytes = 1 << 20) {
  const bounds = [base, ...cuts.filter((cut) => cut > base && cut < size), size];
  return bounds
    .slice(0, -1)
    .map((start, i) =>
      readAuditRange({ fd, start, end: bounds[i + 1] as number, first: i === 0, maxEntryBytes }),
    );
}

test("default: adjacent ranges read every line once, whole, wherever they are cut", () => {
  const lines = Array.from({ length: 60 }, (_, i) => `{"n":${i},"s":"${"é".repeat(i % 7)}"}`);
  lines[20] = "";
  lines[21] = "   ";
  const text = `${lines.join("\n")}\n`;
  const bytes = new TextEncoder().encode(text);
  const fd = file(bytes);
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let round = 0; round < 200; round++) {
    const cuts = Array.from({ length: 1 + (round % 12) }, () => Math.floor(random() * bytes.length)).sort(
      (a, b) => a - b,
    );
    const ranges = readAll(fd, 0, bytes.length, cuts);
    expect(ranges.map((range) => decoder.decode(range.bytes)).join("")).toBe(text);
    // Each range's offset and line ends follow on from the one before it.
    let offset = 0;
    for (const range of ranges) {
      if (range.bytes.length === 0) continue;
      expect(range.offset).toBe(offset);
      expect(range.lineEnds).toBe(decoder.decode(range.bytes).split("\n").length - 1);
      offset += range.bytes.length;
    }
    expect(ranges.reduce((sum, range) => sum + range.lineEnds, 0)).toBe(60);
  }
});

test("a range cut inside one long line holds nothing; the line is its first range's", () => {
  const long = `{"a":"${"x".repeat(5000)}"}`;
  const text = `{"b":1}\n${long}\n{"c":2}`;
  const fd = file(text);
  const ranges = readAll(fd, 0, text.length, [100, 2000, 4000]);
  expect(ranges.map((range) => decoder.decode(range.bytes))).toEqual([
    `{"b":1}\n${long}\n`,
    "",
    "",
    '{"c":2}',
  ]);
  // The last line needs no line end; it is not counted as one.
  expect(ranges.map((range) => range.lineEnds)).toEqual([2, 0, 0, 0]);
});

test("a byte order mark: the first range starts after it", () => {
  const text = '\uFEFF{"a":1}\n{"b":2}\n';
  const fd = file(text);
  const [first, second] = readAll(fd, 3, Buffer.byteLength(text), [8]);
  expect(decoder.decode(first?.bytes)).toBe('{"a":1}\n');
  expect(first?.offset).toBe(3);
  expect(decoder.decode(second?.bytes)).toBe('{"b":2}\n');
  expect(second?.offset).toBe(11);
});

test("a line longer than maxEntryBytes: the range ends before it, naming its line and offset", () => {
  const text = `{"a":1}\n{"b":2}\n${"y".repeat(300)}\n{"c":3}\n`;
  const fd = file(text);
  const [range] = readAll(fd, 0, text.length, [], 100);
  expect(decoder.decode(range?.bytes)).toBe('{"a":1}\n{"b":2}\n');
  expect(range).toMatchObject({ offset: 0, lineEnds: 2, tooLong: { line: 3, offset: 16 } });
  // Past the range's end, the last line is read only a little past the limit.
  const endless = file(`{"a":1}\n${"z".repeat(200_000)}`);
  const cut = readAuditRange({ fd: endless, start: 0, end: 50, first: true, maxEntryBytes: 1000 });
  expect(cut.tooLong).toEqual({ line: 2, offset: 8 });
  expect(cut.bytes.length).toBe(8);
});
