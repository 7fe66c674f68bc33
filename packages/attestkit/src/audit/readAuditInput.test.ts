import { closeSync, createReadStream, openSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, test } from "vitest";
import { makeTempDir } from "../../../../test/support/tempDir.js";
import { readAuditRange } from "./internal/readAuditRange.js";
import { type AuditInputBatch, type AuditInputSource, readAuditInput } from "./readAuditInput.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function read(
  source: AuditInputSource,
  options: { batchBytes?: number; batchItems?: number; maxEntryBytes?: number; rangesFrom?: number } = {},
) {
  const batches: AuditInputBatch[] = [];
  for await (const batch of readAuditInput({ source, ...options })) batches.push(batch);
  return batches;
}
/** The input as chunks of `size` bytes (1: every byte alone, so every boundary is crossed). */
function chunks(text: string | Uint8Array, size: number): Uint8Array[] {
  const bytes = typeof text === "string" ? encoder.encode(text) : text;
  return Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.slice(i * size, i * size + size),
  );
}
const entry = (i: number) => ({
  requestId: `0x${i.toString(16).padStart(64, "0")}`,
  requestData: { n: i, s: 'é[,]{}"' },
  signature: "0x",
});

describe("JSON Lines", () => {
  const lines = Array.from({ length: 40 }, (_, i) => JSON.stringify(entry(i)));
  const text = `${lines.join("\n")}\n`;

  test("default: whole lines per batch, with the line and byte offset each batch starts at", async () => {
    for (const size of [1, 7, 4096]) {
      const batches = await read(chunks(text, size), { batchBytes: 300 });
      expect(batches.length).toBeGreaterThan(3);
      let line = 1;
      let offset = 0;
      const joined: string[] = [];
      for (const batch of batches) {
        if (batch.kind !== "text") throw new Error("expected text");
        expect(batch).toMatchObject({ format: "jsonl", line, offset });
        const part = decoder.decode(batch.bytes);
        expect(part.endsWith("\n")).toBe(true);
        expect(batch.size).toBe(part.split("\n").length - 1);
        // A batch's buffer is its own, so it can be moved to a worker.
        expect(batch.bytes.byteLength).toBe(batch.bytes.buffer.byteLength);
        joined.push(part);
        line += batch.size;
        offset += batch.bytes.length;
      }
      expect(joined.join("")).toBe(text);
      expect(batches.at(-1)?.bytesRead).toBe(encoder.encode(text).length);
    }
  });

  test("the last line needs no line end; a byte order mark is skipped, counted in offsets", async () => {
    const [batch] = await read(["\uFEFF", '{"a":1}\n{"b"', ":2}"]);
    expect(batch).toMatchObject({ kind: "text", line: 1, offset: 3, size: 2 });
    expect(decoder.decode((batch as { bytes: Uint8Array }).bytes)).toBe('{"a":1}\n{"b":2}');
  });

  test("strings and bytes mix; empty chunks are skipped; nothing in, nothing out", async () => {
    expect(await read(["", '{"a":', encoder.encode("1}\n"), ""])).toHaveLength(1);
    expect(await read([])).toEqual([]);
    expect(await read([""])).toEqual([]);
  });

  test("a line longer than maxEntryBytes stops the input, naming its line", async () => {
    const long = `{"a":1}\n{"b":"${"x".repeat(5000)}"}\n`;
    await expect(read(chunks(long, 512), { batchBytes: 256, maxEntryBytes: 1000 })).rejects.toMatchObject({
      name: "InvalidAuditInputError",
      reason: "entry-too-long",
      line: 2,
      offset: 8,
      shortMessage: "The audit input has a line longer than 1000 bytes at line 2, byte offset 8.",
    });
  });

  test("a source that throws is unreadable", async () => {
    async function* broken() {
      yield encoder.encode('{"a":1}\n');
      throw new Error("EIO: i/o error, read");
    }
    await expect(read(broken())).rejects.toMatchObject({
      name: "InvalidAuditInputError",
      reason: "unreadable",
      shortMessage: "The audit input cannot be read (EIO: i/o error, read).",
    });
  });

  test("stopping early closes the source", async () => {
    let closed = false;
    async function* source() {
      try {
        for (let i = 0; i < 100; i++) yield encoder.encode(`${JSON.stringify(entry(i))}\n`);
      } finally {
        closed = true;
      }
    }
    for await (const _ of readAuditInput({ source: source(), batchBytes: 100 })) break;
    expect(closed).toBe(true);
  });

  test("memory stays bounded: a large input arrives in batches of about batchBytes", async () => {
    function* big() {
      for (let i = 0; i < 20_000; i++) yield `${JSON.stringify(entry(i))}\n`;
    }
    let entries = 0;
    let largest = 0;
    for await (const batch of readAuditInput({ source: big(), batchBytes: 16_384 })) {
      entries += batch.size;
      if (batch.kind === "text") largest = Math.max(largest, batch.bytes.length);
    }
    expect(entries).toBe(20_000);
    expect(largest).toBeLessThanOrEqual(16_384 + 200);
  });
});

test("JSON Lines: once the input has ended, the rest goes out in smaller and smaller pieces, every line once", async () => {
  const lines = Array.from({ length: 400 }, (_, i) => JSON.stringify(entry(i)));
  const text = `${lines.join("\n")}\n`;
  // One chunk of about 55 KB against 16 KiB batches: three full batches before the end is seen,
  // then the rest (about 7 KB) in pieces of a quarter of what is left, but not under 2 KiB.
  const batches = await read([encoder.encode(text)], { batchBytes: 16_384 });
  const sizes = batches.map((batch) => (batch.kind === "text" ? batch.bytes.length : 0));
  expect(sizes.slice(0, 3).every((size) => size > 16_384 - 200 && size <= 16_384)).toBe(true);
  const tail = sizes.slice(3);
  expect(tail.length).toBeGreaterThanOrEqual(3);
  expect(tail.every((size) => size <= 2_048)).toBe(true);
  // Nothing lost, nothing twice, in order.
  expect(batches.reduce((n, batch) => n + batch.size, 0)).toBe(400);
  expect(batches.map((batch) => (batch.kind === "text" ? decoder.decode(batch.bytes) : "")).join("")).toBe(
    text,
  );
  // The lines and offsets each piece starts at follow on.
  const pieces = batches.flatMap((batch) => (batch.kind === "text" ? [batch] : []));
  expect(pieces).toHaveLength(batches.length);
  for (const [i, batch] of pieces.entries()) {
    if (i === 0) continue;
    const before = pieces[i - 1] as (typeof pieces)[number];
    expect(batch.line).toBe(before.line + before.size);
    expect(batch.offset).toBe(before.offset + before.bytes.length);
  }
});

describe("a JSON array", () => {
  const items = Array.from({ length: 30 }, (_, i) => entry(i));
  const pretty = JSON.stringify(items, null, 2);

  test("default: elements parsed as they stream in, each with the line it starts on", async () => {
    const lineOf = (i: number) => pretty.split("\n").findIndex((l) => l === "  {" && --i < 0) + 1;
    for (const size of [1, 13, 1 << 16]) {
      const batches = await read(chunks(pretty, size), { batchItems: 8 });
      expect(batches.map((b) => b.size)).toEqual([8, 8, 8, 6]);
      expect(batches.every((b) => b.kind === "items" && b.format === "array")).toBe(true);
      expect(batches.flatMap((b) => (b.kind === "items" ? b.items : []))).toEqual(items);
      const lines = batches.flatMap((b) => (b.kind === "items" ? b.lines : []));
      expect(lines).toEqual(items.map((_, i) => lineOf(i)));
      // Each batch knows where it starts in the array: its first element's index.
      expect(batches.map((b) => b.kind === "items" && b.index)).toEqual([0, 8, 16, 24]);
    }
  });

  test("any element: objects, numbers, nested arrays, on one line; white space and a BOM first", async () => {
    const batches = await read(["\uFEFF \n [", '{"a":[1,[2]]}, 5, "x", null, [] ]', " \n"]);
    expect(batches.flatMap((b) => (b.kind === "items" ? b.items : []))).toEqual([
      { a: [1, [2]] },
      5,
      "x",
      null,
      [],
    ]);
    expect(batches.flatMap((b) => (b.kind === "items" ? b.lines : []))).toEqual([2, 2, 2, 2, 2]);
    expect(await read(["[]"])).toEqual([]);
  });

  test("a multi-byte character cut between chunks reads whole", async () => {
    const text = JSON.stringify([{ s: "€ and 😀" }]);
    const [batch] = await read(chunks(text, 1));
    expect(batch?.kind === "items" && batch.items).toEqual([{ s: "€ and 😀" }]);
  });

  test.each([
    ["a syntax error", '[{"a":1},\n{"a":2}}]', "is a JSON array with a syntax error", 2, 17, 2],
    ["a missing comma", "[1\n 2]", "is a JSON array with a syntax error", 2, 4, 1],
    ["a missing element", "[1,,2]", "is a JSON array with a syntax error", 1, 3, 1],
    ["more after the array", "[1]\n[2]", "has more after its JSON array", 2, 4, undefined],
    ["cut short", '[{"a":1},\n{"a"', "ends before its JSON array is closed", 2, 14, 1],
  ])(
    "%s: broken-array, naming the line, offset and element",
    async (_, text, problem, line, offset, index) => {
      for (const size of [1, 1000]) {
        const error = await read(chunks(text, size)).catch((caught: unknown) => caught);
        expect(error).toMatchObject({
          name: "InvalidAuditInputError",
          reason: "broken-array",
          problem,
          line,
          offset,
        });
        expect((error as { index: unknown }).index).toBe(index);
      }
    },
  );

  test("a compact array: every element on line 1, told apart by its index", async () => {
    const text = JSON.stringify(items);
    const batches = await read(chunks(text, 97), { batchItems: 8 });
    expect(batches.flatMap((b) => (b.kind === "items" ? b.lines : []))).toEqual(items.map(() => 1));
    expect(batches.map((b) => b.kind === "items" && b.index)).toEqual([0, 8, 16, 24]);
    const broken = `${text.slice(0, -1)},{"a" 1}]`;
    await expect(read(chunks(broken, 97))).rejects.toMatchObject({
      line: 1,
      index: 30,
      shortMessage: expect.stringMatching(
        /^The audit input is a JSON array with a syntax error at line 1, byte offset \d+ \(element \.\[30\]\)\.$/,
      ),
    });
  });

  test("bytes that are not text: binary, naming where", async () => {
    const bytes = encoder.encode('[{"a":1},\n{"a":"xx"}]');
    bytes[16] = 0xff;
    for (const size of [1, 5, 1000])
      await expect(read(chunks(bytes, size))).rejects.toMatchObject({
        reason: "binary",
        problem: "is not text: byte 0xff is not valid UTF-8",
        line: 2,
        offset: 16,
        index: 1,
      });
    await expect(read([encoder.encode('["a\u0001"]')])).rejects.toMatchObject({
      reason: "binary",
      problem: "is not text: byte 0x01 is a control character",
      offset: 3,
      index: 0,
    });
    await expect(read([Uint8Array.of(0x5b, 0x22, 0xe2, 0x82)])).rejects.toMatchObject({
      reason: "binary",
      problem: "is not text: it ends inside a UTF-8 sequence",
      offset: 2,
      index: 0,
    });
    // The first problem is the one reported: a syntax error before the byte, in the same chunk.
    await expect(read([encoder.encode('[{"a":1} x \u0001]')])).rejects.toMatchObject({
      reason: "broken-array",
      offset: 9,
      index: 1,
    });
  });

  test("an element longer than maxEntryBytes stops the input, naming it", async () => {
    const long = `"${"x".repeat(4000)}"`;
    await expect(read(chunks(`[1,\n${long}]`, 256), { maxEntryBytes: 1000 })).rejects.toMatchObject({
      reason: "entry-too-long",
      line: 2,
      offset: 4,
      index: 1,
      shortMessage:
        "The audit input has an array element longer than 1000 bytes at line 2, byte offset 4 (element .[1]).",
    });
    // Found once it is whole (parsed, the array still open): still that element.
    await expect(read([`[1,\n${long}`, ",2]"], { maxEntryBytes: 1000 })).rejects.toMatchObject({
      reason: "entry-too-long",
      offset: 4,
      index: 1,
    });
  });
});

test("JSON Lines: an input of one batch stays one batch at its end (one thread)", async () => {
  const text = `${Array.from({ length: 50 }, (_, i) => JSON.stringify(entry(i))).join("\n")}\n`;
  const batches = await read([encoder.encode(text)], { batchBytes: 16_384 });
  expect(batches.map((batch) => batch.size)).toEqual([50]);
});

describe("a JSON Lines file: byte ranges for the threads to read", () => {
  const dir = makeTempDir("audit-input");
  let files = 0;
  const write = (text: string) => {
    const path = join(dir, `input${files++}.jsonl`);
    writeFileSync(path, text);
    return path;
  };
  const lines = Array.from({ length: 400 }, (_, i) => JSON.stringify(entry(i)));
  const text = `\uFEFF${lines.join("\n")}\n`;
  const size = Buffer.byteLength(text);

  test("default: ranges tile the file after its byte order mark, read whole by readAuditRange, then the file is closed", async () => {
    const stream = createReadStream(write(text));
    const batches = await read(stream, { batchBytes: 4096, rangesFrom: 1000 });
    const ranges = batches.flatMap((batch) => (batch.kind === "range" ? [batch] : []));
    expect(ranges).toHaveLength(batches.length);
    expect(ranges[0]).toMatchObject({ format: "jsonl", start: 3, first: true, last: false });
    expect(ranges.at(-1)).toMatchObject({ end: size, last: true, bytesRead: size });
    for (const [i, range] of ranges.entries()) {
      if (i > 0) expect(range.start).toBe(ranges[i - 1]?.end);
      expect(range.first).toBe(i === 0);
      expect(range.size).toBe(range.end - range.start);
    }
    // Full ranges, then smaller and smaller ones near the end, not under a quarter of a batch.
    expect(ranges[0]?.size).toBe(4096);
    expect(ranges.every((range) => range.size >= 1024 || range.last)).toBe(true);
    expect(ranges.at(-2)?.size).toBeLessThan(2048);
    // The reader closes the file once the batch after the last range is asked for.
    expect(stream.destroyed).toBe(true);
  });

  test("what the ranges hold is the file's lines, each once", async () => {
    const stream = createReadStream(write(text));
    const seen: string[] = [];
    let lineEnds = 0;
    for await (const batch of readAuditInput({ source: stream, batchBytes: 1000, rangesFrom: 1000 })) {
      if (batch.kind !== "range") throw new Error("expected a range");
      // The file is open while its ranges are out.
      expect(stream.destroyed).toBe(false);
      const range = readAuditRange(batch);
      seen.push(decoder.decode(range.bytes));
      lineEnds += range.lineEnds;
    }
    expect(seen.join("")).toBe(text.slice(1));
    expect(lineEnds).toBe(400);
  });

  test("stopping early closes the file", async () => {
    const stream = createReadStream(write(text));
    for await (const _ of readAuditInput({ source: stream, batchBytes: 1000, rangesFrom: 1000 })) break;
    expect(stream.destroyed).toBe(true);
  });

  test("streamed instead: a file under rangesFrom, a JSON array, a stream already read from, standard input", async () => {
    const path = write(text);
    expect((await read(createReadStream(path), { batchBytes: 4096 })).every((b) => b.kind === "text")).toBe(
      true,
    );
    const array = write(` \n[${lines.join(",\n")}]`);
    const items = await read(createReadStream(array), { rangesFrom: 1000 });
    expect(items.every((batch) => batch.kind === "items")).toBe(true);
    expect(items.reduce((sum, batch) => sum + batch.size, 0)).toBe(400);
    const started = createReadStream(path, { start: 10 });
    expect((await read(started, { rangesFrom: 1000 })).every((b) => b.kind === "text")).toBe(true);
    const handle = await open(path, "r");
    const paused = handle.createReadStream();
    paused.pause();
    expect((await read(paused, { rangesFrom: 1000 })).every((b) => b.kind === "text")).toBe(true);
    // A descriptor its owner keeps open (as standard input redirected from a file is).
    const fd = openSync(path, "r");
    const kept = createReadStream(path, { fd, autoClose: false });
    expect((await read(kept, { rangesFrom: 1000 })).every((b) => b.kind === "text")).toBe(true);
    closeSync(fd);
    const fifo = Readable.from([encoder.encode(text)]);
    expect((await read(fifo, { rangesFrom: 1000 })).every((b) => b.kind === "text")).toBe(true);
  });

  test("a file that cannot be opened is unreadable, as a stream", async () => {
    await expect(
      read(createReadStream(join(dir, "missing.jsonl")), { rangesFrom: 1000 }),
    ).rejects.toMatchObject({
      name: "InvalidAuditInputError",
      reason: "unreadable",
    });
  });
});
