import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { buildAuditCorpus, corpusKeys } from "../../../../../test/support/corpus/buildCorpus.js";
import { nobleReference } from "../../../../../test/support/referenceResults.js";
import { makeTempDir } from "../../../../../test/support/tempDir.js";
import type { AuditAttestation, AuditEntryResult } from "../../audit/types.js";
import { runCli } from "../createProgram.js";
import { type AuditOptions, runAudit } from "./runAudit.js";

const dir = makeTempDir("audit-cli");
let n = 0;
function write(text: string | Uint8Array): string {
  const path = join(dir, `audit${n++}.jsonl`);
  writeFileSync(path, text);
  return path;
}
const solverFlags = ["--solver", corpusKeys.solverA, "--solver", corpusKeys.solverB.toLowerCase()];
const solvers = [corpusKeys.solverA, corpusKeys.solverB];
const corpus = buildAuditCorpus({ seed: 61, count: 80 });
// Signed by an allowed solver and untouched: every one of them is valid.
const allValid = corpus
  .map((entry) => entry.attestation)
  .filter((attestation) => nobleReference([attestation], { solvers })[0]?.valid);
const jsonl = (items: unknown[]) => items.map((item) => JSON.stringify(item)).join("\n");
const withoutEncoded = (result: AuditEntryResult | undefined) => {
  if (!result || "error" in result) return result;
  const { encoded: _, ...rest } = result;
  return rest;
};

async function audit(...args: string[]) {
  const io = captureIo();
  const code = await runCli(["audit", ...args], io);
  return { code, io };
}

test("default: all valid, exit 0, JSON with the summary and each entry's result and line", async () => {
  expect(allValid.length).toBeGreaterThan(20);
  const { code, io } = await audit(write(`${jsonl(allValid)}\n`), ...solverFlags, "--json", "--workers", "0");
  expect(code).toBe(0);
  const out = io.json();
  expect(out).toMatchObject({
    format: "jsonl",
    version: "v1",
    solvers: [corpusKeys.solverA, corpusKeys.solverB.toLowerCase()],
    engine: "native",
    workers: 0,
    elapsedMs: expect.any(Number),
    summary: {
      total: allValid.length,
      valid: allValid.length,
      invalid: 0,
      malformed: 0,
      reasons: {},
      errors: {},
      malformedLines: [],
    },
  });
  const reference = nobleReference(allValid, { solvers });
  expect(out.results).toEqual(
    allValid.map((attestation, i) => ({
      line: i + 1,
      requestId: attestation.requestId,
      ...withoutEncoded(reference[i]),
    })),
  );
  expect(io.stderr).toEqual([]);
});

describe("a file with invalid and malformed entries: exit 1", () => {
  const lines = [...corpus.slice(0, 40).map((entry) => JSON.stringify(entry.attestation)), "", "{oops", "[]"];
  const file = write(lines.join("\n"));
  const attestations = corpus.slice(0, 40).map((entry) => entry.attestation);
  const reference = nobleReference(attestations, { solvers });

  test("JSON: every entry by line, as the reference verifier says, on workers and in this thread", async () => {
    for (const workers of ["0", "2"]) {
      const { code, io } = await audit(file, ...solverFlags, "--json", "--workers", workers);
      expect(code).toBe(1);
      const out = io.json() as { summary: Record<string, unknown>; results: unknown[]; workers: number };
      // The file is one batch: one thread at most.
      expect(out.workers).toBe(Math.min(Number(workers), 1));
      expect(out.results.slice(0, 40)).toEqual(
        attestations.map((attestation, i) => ({
          line: i + 1,
          ...(typeof attestation.requestId === "string" ? { requestId: attestation.requestId } : {}),
          ...withoutEncoded(reference[i]),
        })),
      );
      expect(out.results.slice(40)).toEqual([
        {
          line: 42,
          valid: false,
          signer: null,
          error: { name: "InvalidAuditJsonError", message: "Line 42 is not JSON." },
        },
        {
          line: 43,
          valid: false,
          signer: null,
          error: expect.objectContaining({ name: "InvalidAuditEntryError" }),
        },
      ]);
      const malformedLines = reference.flatMap((r, i) => ("error" in r ? [i + 1] : []));
      expect(out.summary).toMatchObject({
        total: 42,
        valid: reference.filter((r) => r.valid).length,
        malformed: malformedLines.length + 2,
        malformedLines: [...malformedLines, 42, 43],
      });
    }
  });

  test("text: counts, reasons with their lines, malformed lines with the error", async () => {
    const { code, io } = await audit(file, ...solverFlags, "--workers", "0", "--engine", "noble");
    expect(code).toBe(1);
    const text = io.stdout.join("\n");
    const valid = reference.filter((r) => r.valid).length;
    expect(text).toMatch(/^audited {6}42 entries of .+ \(jsonl, v1\) in \d+\.\d\d s: noble, this thread$/m);
    expect(text).toContain(`valid        ${valid}\n`);
    const highS = reference.flatMap((r, i) => (!("error" in r) && r.reason === "high-s" ? [i + 1] : []));
    expect(highS.length).toBeGreaterThan(0);
    expect(text).toContain(
      `  high-s${" ".repeat(14)} ${String(highS.length).padStart(6)}   line${highS.length > 1 ? "s" : ""} ${highS.join(", ")}`,
    );
    expect(text).toContain("  line 42       InvalidAuditJsonError: Line 42 is not JSON.");
    const amount = reference.findIndex((r) => "error" in r && r.error.name === "InvalidAmountError");
    expect(text).toMatch(
      new RegExp(`  line ${amount + 1} +InvalidAmountError \\(originAmount\\): Field "originAmount"`),
    );
    expect(io.stdout.at(-1)).toBe(`verdict      NOT ALL VALID (${42 - valid} of 42)`);
  });
});

test("a JSON array reads the same, with each element's line", async () => {
  const items = allValid.slice(0, 3);
  const file = write(`[\n${items.map((item) => JSON.stringify(item)).join(",\n")}\n]\n`);
  const { code, io } = await audit(file, ...solverFlags, "--json", "--workers", "0");
  expect(code).toBe(0);
  expect(io.json()).toMatchObject({ format: "array", summary: { total: 3, valid: 3 } });
  expect((io.json().results as { line: number }[]).map((r) => r.line)).toEqual([2, 3, 4]);
});

test("a one-line array keeps its items in order, the bad one between the good ones", async () => {
  const [a, b] = allValid as [unknown, unknown];
  const { code, io } = await audit(
    write(JSON.stringify([a, 5, b])),
    ...solverFlags,
    "--json",
    "--workers",
    "0",
  );
  expect(code).toBe(1);
  const results = io.json().results as { line: number; valid: boolean; error?: { name: string } }[];
  expect(results.map((r) => [r.line, r.valid, r.error?.name])).toEqual([
    [1, true, undefined],
    [1, false, "InvalidAuditEntryError"],
    [1, true, undefined],
  ]);
});

describe("a JSON array: each entry named by its index in the array (jq's .[N]) and the line it starts on", () => {
  const attestations = corpus.map((entry) => entry.attestation);
  const reference = nobleReference(attestations, { solvers });
  // Well-formed but not valid: a reason, not an error.
  const invalidAt = reference.findIndex((r) => !("error" in r) && !r.valid);
  const invalid = attestations[invalidAt];
  const { reason } = reference[invalidAt] as { reason: string };
  const [a, b, c] = allValid as [unknown, unknown, unknown];
  // .[1] is invalid, .[3] is not an object.
  const items = [a, invalid, b, 5, c];
  const rowsOf = (lines: readonly number[]) =>
    items.map((item, index) => {
      if (typeof item !== "object" || item === null)
        return {
          index,
          line: lines[index],
          valid: false,
          signer: null,
          error: {
            name: "InvalidAuditEntryError",
            message: "An audit entry is a number, not an object {requestId, requestData, signature}.",
          },
        };
      const { requestId } = item as AuditAttestation;
      return {
        index,
        line: lines[index],
        ...(typeof requestId === "string" ? { requestId } : {}),
        ...withoutEncoded(nobleReference([item as AuditAttestation], { solvers })[0]),
      };
    });
  const malformedText = (line: number) =>
    `${`.[3] (line ${line})`.padEnd(13)} InvalidAuditEntryError: An audit entry is a number, not an object {requestId, requestData, signature}.`;

  test("compact, on one line (jq -c, JSON.stringify): rows, summary and report name each entry by its index, all on line 1", async () => {
    expect(invalidAt).toBeGreaterThanOrEqual(0);
    const file = write(JSON.stringify(items));
    const { code, io } = await audit(file, ...solverFlags, "--json", "--workers", "0");
    expect(code).toBe(1);
    const out = io.json() as { results: unknown[]; summary: unknown };
    expect(out.results).toEqual(rowsOf([1, 1, 1, 1, 1]));
    expect(out.summary).toMatchObject({
      total: 5,
      valid: 3,
      invalid: 1,
      malformed: 1,
      reasons: { [reason]: 1 },
      malformedLines: [1],
      malformedIndices: [3],
    });
    const text = await audit(file, ...solverFlags, "--workers", "0");
    expect(text.code).toBe(1);
    expect(text.io.stdout).toContain(`  ${reason.padEnd(20)} ${"1".padStart(6)}   .[1] (line 1)`);
    expect(text.io.stdout).toContain(`  ${malformedText(1)}`);
  });

  test("pretty-printed: each entry by its index and the line it starts on", async () => {
    const text = JSON.stringify(items, null, 2);
    // Element i starts on the line after the lines of the elements before it.
    const lines = items.map(
      (_, i) =>
        2 +
        items
          .slice(0, i)
          .reduce((n: number, item) => n + JSON.stringify(item, null, 2).split("\n").length, 0),
    );
    expect(lines[4]).toBeGreaterThan(20);
    const file = write(text);
    const { io } = await audit(file, ...solverFlags, "--json", "--workers", "0");
    expect(io.json().results).toEqual(rowsOf(lines));
    expect(io.json().summary).toMatchObject({ malformedLines: [lines[3]], malformedIndices: [3] });
    const report = (await audit(file, ...solverFlags, "--workers", "0")).io.stdout;
    expect(report).toContain(`  ${reason.padEnd(20)} ${"1".padStart(6)}   .[1] (line ${lines[1]})`);
    expect(report).toContain(`  ${malformedText(lines[3] as number)}`);
  });

  test("an array of several batches, verified on 2 workers: every index counts from the array's start", async () => {
    // 700 elements: three batches of at most 256; the two kinds of bad entry in each of them.
    const many = Array.from({ length: 700 }, (_, i) =>
      i % 97 === 40 ? i : i === 300 || i === 650 ? invalid : allValid[i % allValid.length],
    );
    const malformed = many.flatMap((item, i) => (typeof item === "number" ? [i] : []));
    const file = write(JSON.stringify(many));
    const { code, io } = await audit(file, ...solverFlags, "--json", "--workers", "2");
    expect(code).toBe(1);
    const out = io.json() as {
      workers: number;
      results: { index: number; line: number; valid: boolean; error?: unknown; reason?: string }[];
      summary: unknown;
    };
    expect(out.workers).toBe(2);
    expect(out.results.map(({ index, line }) => [index, line])).toEqual(many.map((_, i) => [i, 1]));
    expect(out.results.flatMap((r) => (r.error ? [r.index] : []))).toEqual(malformed);
    expect(out.results.flatMap((r) => (r.reason ? [r.index] : []))).toEqual([300, 650]);
    expect(out.summary).toMatchObject({
      total: 700,
      malformed: malformed.length,
      invalid: 2,
      malformedIndices: malformed,
    });
    const text = await audit(file, ...solverFlags, "--workers", "2");
    expect(text.io.stdout).toContain(
      `  ${reason.padEnd(20)} ${"2".padStart(6)}   .[300] (line 1), .[650] (line 1)`,
    );
    expect(text.io.stdout.filter((line) => line.includes("InvalidAuditEntryError"))).toEqual(
      malformed.map(
        (i) =>
          `  ${`.[${i}] (line 1)`.padEnd(13)} InvalidAuditEntryError: An audit entry is a number, not an object {requestId, requestData, signature}.`,
      ),
    );
  });

  test("JSON Lines as before: by line only, no index in rows, summary or report", async () => {
    const file = write(jsonl(items));
    const { io } = await audit(file, ...solverFlags, "--json", "--workers", "0");
    const out = io.json() as { format: string; results: object[]; summary: object };
    expect(out.format).toBe("jsonl");
    expect(out.results).toEqual(rowsOf([1, 2, 3, 4, 5]).map(({ index: _, ...row }) => row));
    expect(out.summary).toMatchObject({ malformedLines: [4] });
    expect(out.summary).not.toHaveProperty("malformedIndices");
    const report = (await audit(file, ...solverFlags, "--workers", "0")).io.stdout;
    expect(report).toContain(`  ${reason.padEnd(20)} ${"1".padStart(6)}   line 2`);
    expect(report).toContain(
      "  line 4        InvalidAuditEntryError: An audit entry is a number, not an object {requestId, requestData, signature}.",
    );
    expect(report.join("\n")).not.toContain(".[");
  });
});

test("--v2 verifies the v2 tuple", async () => {
  const v2 = buildAuditCorpus({ seed: 62, count: 6, version: "v2" }).map((entry) => entry.attestation);
  const file = write(jsonl(v2));
  const reference = nobleReference(v2, { solvers, version: "v2" });
  const { io } = await audit(file, ...solverFlags, "--json", "--workers", "0", "--v2");
  expect(
    (io.json().results as unknown[]).map((r) => ({
      ...(r as object),
      line: undefined,
      requestId: undefined,
    })),
  ).toEqual(reference.map((r) => ({ ...withoutEncoded(r), line: undefined, requestId: undefined })));
  // Read as v1, the same v2 entries do not verify.
  expect((await audit(file, ...solverFlags, "--workers", "0")).code).toBe(1);
});

test("without --solver, the live solver: an entry of the live service is valid", async () => {
  const live = (await import("../../../../../test/vectors/live-attestation.json", { with: { type: "json" } }))
    .default;
  const { code, io } = await audit(write(JSON.stringify(live)), "--workers", "0");
  expect(code).toBe(0);
  expect(io.stdout).toContain("verdict      ALL VALID");
  expect(io.stdout).toContain("solvers      0xf70da97812cb96acdf810712aa562db8dfa3dbef");
});

test("a signature with hex lookalikes: audit refuses it as verify does, never ALL VALID", async () => {
  const live = (await import("../../../../../test/vectors/live-attestation.json", { with: { type: "json" } }))
    .default;
  // U+0130..0139 and U+0161..0166: Buffer.from(_, "hex") reads them as the digits 0-9 and a-f.
  const signature = `0x${[...live.signature.slice(2)].map((char) => String.fromCharCode(0x100 + char.charCodeAt(0))).join("")}`;
  const file = write(JSON.stringify({ ...live, signature }));
  const verified = captureIo();
  expect(await runCli(["verify", "--file", file, "--json"], verified)).toBe(2);
  expect(verified.json()).toMatchObject({ valid: false, error: { name: "InvalidSignatureHexError" } });
  const { code, io } = await audit(file, "--workers", "0", "--json");
  expect(code).toBe(1);
  expect(io.json()).toMatchObject({
    summary: { total: 1, valid: 0, malformed: 1, errors: { InvalidSignatureHexError: 1 } },
    results: [{ line: 1, valid: false, error: { name: "InvalidSignatureHexError", field: "signature" } }],
  });
  expect((await audit(file, "--workers", "0")).io.stdout).toContain("verdict      NOT ALL VALID (1 of 1)");
});

test("--solver before FILE takes one address, as in verify: the file is still read", async () => {
  const file = write(jsonl(allValid.slice(0, 3)));
  const { code, io } = await audit(...solverFlags, file, "--workers", "0", "--json");
  expect(code).toBe(0);
  expect(io.json()).toMatchObject({ summary: { valid: 3 } });
});

describe("bad input: exit 2", () => {
  test.each([
    ["a missing file", [join(dir, "nope.jsonl")], "error: Cannot read"],
    ["an empty file", [write("\n \n")], "holds no attestations"],
    ["a bad solver", [write(jsonl(allValid)), "--solver", "0x1234"], 'Field "solvers[0]" is not'],
    ["--workers -1", [write(jsonl(allValid)), "--workers", "-1"], '--workers is "-1"'],
    ["--workers x", [write(jsonl(allValid)), "--workers", "x"], '--workers is "x"'],
    [
      "--engine wasm",
      [write(jsonl(allValid)), "--engine", "wasm"],
      "Allowed choices are auto, native, noble",
    ],
    ["an unknown option", [write(jsonl(allValid)), "--nope"], "unknown option"],
    ["no FILE", [], "missing required argument"],
    ["a directory", [dir], "is a directory"],
    [
      "binary bytes",
      [write(Uint8Array.of(0x7b, 0x7d, 0x0a, 0x7b, 0xc3, 0x28, 0x7d))],
      "error: The audit input is not text: byte 0xc3 is not valid UTF-8 at line 2, byte offset 4.",
    ],
    [
      "a broken JSON array",
      [write(`[1,\n{"a" 1}]`)],
      "error: The audit input is a JSON array with a syntax error at line 2, byte offset 9 (element .[1]).",
    ],
    ["only white space", [write(" \n\t\r\n")], "holds no attestations"],
  ])("%s", async (_, args, message) => {
    const { code, io } = await audit(...(args as string[]));
    expect(code).toBe(2);
    expect(io.stderr.join("\n")).toContain(message);
  });

  test("200 KB of random bytes: exit 2, naming where the text ends", async () => {
    // A fixed pseudo-random stream (xorshift), so the first bad byte is the same on every run.
    const bytes = new Uint8Array(200_000);
    let x = 0x9e3779b9;
    for (let i = 0; i < bytes.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      bytes[i] = x & 0xff;
    }
    for (const extra of [[], ["--json"], ["--workers", "2"]]) {
      const { code, io } = await audit(write(bytes), ...extra);
      expect(code).toBe(2);
      expect(io.stderr[0]).toMatch(
        /^error: The audit input is not text: byte 0x[0-9a-f]{2} is (not valid UTF-8|a control character) at line \d+, byte offset \d+\.$/,
      );
    }
  });

  test("bad input after rows were printed: --json still prints one JSON object, ending with the error", async () => {
    // 3,000 good lines (more than one batch), then a line with a NUL byte.
    const lines = Array.from({ length: 3000 }, (_, i) => JSON.stringify(allValid[i % allValid.length]));
    const file = write(`${lines.join("\n")}\n{"a":"\u0000"}\n`.replace("\\u0000", "\u0000"));
    const { code, io } = await audit(file, ...solverFlags, "--json", "--workers", "1");
    expect(code).toBe(2);
    const out = io.json() as { results: unknown[]; error: { name: string; message: string } };
    expect(out.results.length).toBeGreaterThan(0);
    expect(out.results.length).toBeLessThan(3000);
    expect(out.error).toEqual({
      name: "InvalidAuditInputError",
      message: expect.stringMatching(
        /^The audit input is not text: byte 0x00 is a control character at line 3001, byte offset \d+\.$/,
      ),
    });
    expect(io.stderr[0]).toBe(`error: ${out.error.message}`);
  });

  test("with --json the error is one JSON object too", async () => {
    const { code, io } = await audit(join(dir, "nope.jsonl"), "--json");
    expect(code).toBe(2);
    expect(io.json()).toMatchObject({
      error: { name: "CliError", message: expect.stringContaining("Cannot read") },
    });
  });
});

/** The bar's last drawing: full, the entries done, and the rate and ETA once any time has passed. */
const finalBar = (entries: number) =>
  new RegExp(
    `^\\r\\[#{30}\\] 100% {2}${entries.toLocaleString("en-US")} entries( {2}[\\d,]+/s {2}ETA 0s)?\\u001b\\[K$`,
  );

describe("progress bar", () => {
  const file = write(jsonl(allValid));
  const options: AuditOptions = { solver: solvers, workers: "0", engine: "native" };
  const terminal = (isTTY: boolean) => {
    const writes: string[] = [];
    return { writes, isTTY, write: (text: string) => writes.push(text) };
  };

  test("drawn on a terminal: the share of the file read, the entries done, the rate and ETA, then erased", async () => {
    const tty = terminal(true);
    expect(await runAudit(file, options, captureIo(), { terminal: tty })).toBe(0);
    expect(tty.writes.length).toBeGreaterThanOrEqual(2);
    expect(tty.writes.at(-2)).toMatch(finalBar(allValid.length));
    expect(tty.writes.at(-1)).toBe("\r\u001b[2K");
  });

  test("quiet when stderr is not a terminal, or with --json", async () => {
    const pipe = terminal(false);
    await runAudit(file, options, captureIo(), { terminal: pipe });
    expect(pipe.writes).toEqual([]);
    const tty = terminal(true);
    await runAudit(file, { ...options, json: true }, captureIo(), { terminal: tty });
    expect(tty.writes).toEqual([]);
  });
});

test("a file over 1 MiB, read by the threads in ranges: every row as the reference gives it, in order", async () => {
  const entries = corpus.map((entry) => entry.attestation);
  const reference = nobleReference(entries, { solvers });
  const lines = Array.from({ length: 2400 }, (_, i) => JSON.stringify(entries[i % entries.length]));
  const file = write(`${lines.join("\n")}\n`);
  const expected = lines.map((_, i) => {
    const attestation = entries[i % entries.length] as { requestId?: unknown };
    return {
      line: i + 1,
      ...(typeof attestation.requestId === "string" ? { requestId: attestation.requestId } : {}),
      ...withoutEncoded(reference[i % entries.length]),
    };
  });
  for (const workers of ["0", "2"]) {
    const { code, io } = await audit(file, ...solverFlags, "--json", "--workers", workers);
    expect(code).toBe(1);
    const out = io.json() as { workers: number; results: unknown[]; summary: { total: number } };
    expect(out.workers).toBe(Number(workers));
    expect(out.results).toEqual(expected);
  }
  const tty = { writes: [] as string[], isTTY: true, write: (text: string) => tty.writes.push(text) };
  await runAudit(file, { solver: solvers, workers: "2", engine: "native" }, captureIo(), { terminal: tty });
  expect(tty.writes.at(-2)).toMatch(finalBar(2400));
});

test("--help lists the options and the exit codes", async () => {
  const { code, io } = await audit("--help");
  expect(code).toBe(0);
  const text = io.stdout.join("\n");
  for (const needle of [
    "--solver <address>",
    "--v2",
    "--json",
    "--workers <n>",
    "--engine <engine>",
    "Exit codes: 0 every entry valid",
  ])
    expect(text).toContain(needle);
});
