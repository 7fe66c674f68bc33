import { closeSync, openSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { buildAuditCorpus, corpusKeys } from "../../../../test/support/corpus/buildCorpus.js";
import { nobleReference } from "../../../../test/support/referenceResults.js";
import { makeTempDir } from "../../../../test/support/tempDir.js";
import { readAuditInput } from "./readAuditInput.js";
import { type AuditPipelineBatch, type AuditPipelineResult, runAuditPipeline } from "./runAuditPipeline.js";
import type { AuditAttestation, AuditConfig, AuditEntryResult } from "./types.js";

const solvers = [corpusKeys.solverA, corpusKeys.solverB];
const attestations: AuditAttestation[] = buildAuditCorpus({ seed: 51, count: 48 }).map(
  (entry) => entry.attestation,
);
const config: AuditConfig = { engine: "native", solvers };
const itemBatches = (size: number): AuditPipelineBatch[] =>
  Array.from({ length: Math.ceil(attestations.length / size) }, (_, i) => {
    const items = attestations.slice(i * size, i * size + size);
    return { kind: "items", items, size: items.length };
  });
const textBatch = (lines: string[], line: number): AuditPipelineBatch => ({
  kind: "text",
  bytes: new TextEncoder().encode(`${lines.join("\n")}\n`),
  line,
  offset: 0,
  size: lines.length,
});

async function run(
  batches: AuditPipelineBatch[] | AsyncIterable<AuditPipelineBatch>,
  workers: number | "auto",
) {
  const delivered: AuditPipelineResult[] = [];
  const { workers: ran } = await runAuditPipeline({
    batches,
    workers,
    config,
    output: "results",
    onBatch: (result) => delivered.push(result),
  });
  return { delivered, ran, results: delivered.flatMap((d) => d.results as AuditEntryResult[]) };
}

test("default: results in input order, on workers and in this thread", async () => {
  const reference = nobleReference(attestations, { solvers });
  for (const workers of [0, 1, 2]) {
    const { delivered, ran, results } = await run(itemBatches(8), workers);
    expect(ran).toBe(workers);
    expect(delivered.map((d) => d.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results).toEqual(reference);
  }
});

test("an async source is read only as fast as batches are verified", async () => {
  // Notes: 8 batches per worker past the oldest undelivered, by default; else as asked.
  for (const [aheadPerWorker, bound] of [
    [undefined, 2 * 8 + 1],
    [2, 2 * 2 + 1],
  ] as const) {
    let read = 0;
    let mostAhead = 0;
    let delivered = 0;
    async function* slowSource() {
      for (const batch of itemBatches(1)) {
        read++;
        mostAhead = Math.max(mostAhead, read - delivered);
        yield batch;
      }
    }
    await runAuditPipeline({
      batches: slowSource(),
      workers: 2,
      config,
      output: "notes",
      queuePerWorker: 2,
      aheadPerWorker,
      onBatch: () => {
        delivered++;
      },
    });
    expect(delivered).toBe(48);
    // Two threads, the batches out past the oldest undelivered, and the one being handed out.
    expect(mostAhead).toBeLessThanOrEqual(bound);
  }
});

test("threads start only for batches: never more threads than batches", async () => {
  expect((await run(itemBatches(48), 4)).ran).toBe(1);
  expect((await run([], 4)).ran).toBe(0);
});

test("auto: this thread for a small input, threads once it is large", async () => {
  expect((await run(itemBatches(8), "auto")).ran).toBe(0);
  const many = Array.from({ length: 12 }, () => itemBatches(48)[0] as AuditPipelineBatch);
  const { ran, results } = await run(many, "auto");
  expect(ran).toBeGreaterThanOrEqual(1);
  expect(results).toHaveLength(12 * 48);
});

test("text batches: lines are parsed where the batch runs; a bad line is an entry of its own", async () => {
  const lines = [JSON.stringify(attestations[0]), "{not json", "", JSON.stringify(attestations[1])];
  for (const workers of [0, 1]) {
    const { delivered, results } = await run([textBatch(lines, 10)], workers);
    expect(delivered[0]?.lines).toEqual([10, 11, 13]);
    expect(results).toEqual([
      nobleReference(attestations.slice(0, 1), { solvers })[0],
      {
        valid: false,
        signer: null,
        error: { name: "InvalidAuditJsonError", message: "Line 11 is not JSON." },
      },
      nobleReference(attestations.slice(1, 2), { solvers })[0],
    ]);
  }
});

test("ranges of a file: read by the thread verifying each, lines numbered across them, the file kept open until every range is done", async () => {
  const path = join(makeTempDir("audit-pipeline"), "input.jsonl");
  const lines = attestations.map((a, i) => (i === 30 ? "{not json" : JSON.stringify(a)));
  writeFileSync(path, `${lines.join("\n")}\n`);
  const size = statSync(path).size;
  const reference = nobleReference(attestations, { solvers });
  for (const workers of [0, 2, "auto"] as const) {
    const fd = openSync(path, "r");
    let delivered = 0;
    let deliveredWhenAskedAfterLast: number | undefined;
    async function* ranges(): AsyncGenerator<AuditPipelineBatch> {
      const cuts = [0, 1000, 1001, 5000, 9000, size];
      for (let i = 0; i + 1 < cuts.length; i++) {
        const [start, end] = [cuts[i] as number, cuts[i + 1] as number];
        const last = end === size;
        yield {
          kind: "range",
          fd,
          start,
          end,
          first: i === 0,
          last,
          maxEntryBytes: 1 << 20,
          size: end - start,
        };
      }
      deliveredWhenAskedAfterLast = delivered;
      closeSync(fd);
    }
    const results: AuditEntryResult[] = [];
    const lineNumbers: number[] = [];
    await runAuditPipeline({
      batches: ranges(),
      workers,
      config,
      output: "results",
      onBatch: (result) => {
        delivered++;
        results.push(...(result.results as AuditEntryResult[]));
        lineNumbers.push(...(result.lines ?? []));
      },
    });
    expect(deliveredWhenAskedAfterLast).toBe(5);
    expect(lineNumbers).toEqual(attestations.map((_, i) => i + 1));
    expect(results[30]).toEqual({
      valid: false,
      signer: null,
      error: { name: "InvalidAuditJsonError", message: "Line 31 is not JSON." },
    });
    expect(results.filter((_, i) => i !== 30)).toEqual(reference.filter((_, i) => i !== 30));
  }
});

test("a batch that is not text stops the run after the batches before it, naming the line", async () => {
  const good = textBatch([JSON.stringify(attestations[0])], 1);
  const bad: AuditPipelineBatch = {
    kind: "text",
    bytes: Uint8Array.of(0x7b, 0x7d, 0x0a, 0x7b, 0xff, 0x7d, 0x0a),
    line: 2,
    offset: 400,
    size: 2,
  };
  for (const workers of [0, 2]) {
    const delivered: number[] = [];
    const runIt = runAuditPipeline({
      batches: [good, bad, good],
      workers,
      config,
      output: "notes",
      onBatch: (result) => delivered.push(result.seq),
    });
    await expect(runIt).rejects.toMatchObject({
      name: "InvalidAuditInputError",
      reason: "binary",
      line: 3,
      offset: 404,
      shortMessage: "The audit input is not text: byte 0xff is not valid UTF-8 at line 3, byte offset 404.",
    });
    expect(delivered).toEqual([0]);
  }
});

test("workers that cannot start: AuditWorkerError with the reason", async () => {
  const run = runAuditPipeline({
    batches: itemBatches(8),
    workers: 2,
    config: { engine: "noble", solvers: ["0x12"] },
    output: "notes",
    onBatch: () => {},
  });
  await expect(run).rejects.toMatchObject({
    name: "AuditWorkerError",
    shortMessage: expect.stringMatching(/^An audit worker failed: InvalidAddressError: Field "solvers\[0\]"/),
  });
});

test("an onBatch that throws stops the run with its error, and the source is closed", async () => {
  let closed = false;
  async function* source() {
    try {
      yield* itemBatches(8);
    } finally {
      closed = true;
    }
  }
  for (const workers of [0, 1]) {
    closed = false;
    const run = runAuditPipeline({
      batches: source(),
      workers,
      config,
      output: "notes",
      onBatch: () => {
        throw new Error("report failed");
      },
    });
    await expect(run).rejects.toThrow("report failed");
    expect(closed).toBe(true);
  }
});

test("an abort stops the run with the signal's reason", async () => {
  for (const workers of [0, 1]) {
    const controller = new AbortController();
    const run = runAuditPipeline({
      batches: itemBatches(4),
      workers,
      config,
      output: "notes",
      signal: controller.signal,
      onBatch: () => controller.abort(new Error(`stop ${workers}`)),
    });
    await expect(run).rejects.toThrow(`stop ${workers}`);
  }
});

test("notes: both engines note exactly the entries and reasons the reference gives (noble leaves rejected signers out)", async () => {
  const corpus = buildAuditCorpus({ seed: 52, count: 96 }).map((entry) => entry.attestation);
  const reference = nobleReference(corpus, { solvers });
  type Note = { index: number; reason?: string | undefined; name?: string | undefined };
  const expected = reference.flatMap((result, index): Note[] =>
    "error" in result
      ? [{ index, name: result.error.name }]
      : result.valid
        ? []
        : [{ index, reason: result.reason }],
  );
  expect(expected.filter((note) => note.reason === "signer-not-allowed").length).toBeGreaterThan(5);
  for (const engine of ["native", "noble"] as const)
    for (const workers of [0, 2]) {
      const notes: Note[] = [];
      await runAuditPipeline({
        batches: Array.from({ length: 6 }, (_, i) => {
          const items = corpus.slice(i * 16, i * 16 + 16);
          return { kind: "items" as const, items, size: items.length };
        }),
        workers,
        config: { engine, solvers },
        output: "notes",
        onBatch: ({ seq, notes: batchNotes }) => {
          for (const note of batchNotes ?? [])
            notes.push({
              index: seq * 16 + note.index,
              ...(note.error ? { name: note.error.name } : { reason: note.reason }),
            });
        },
      });
      expect(notes.sort((a, b) => a.index - b.index)).toEqual(expected);
    }
});

test("a compact JSON array over several batches and threads: rows and notes name each entry by its index in the array", async () => {
  // Every entry on line 1; malformed ones (not objects) spread over the six batches of 8.
  const items: unknown[] = attestations.map((a, i) => (i % 7 === 3 ? i : a));
  const reference = nobleReference(attestations, { solvers });
  const expected = items.flatMap((item, i) => (typeof item === "number" || !reference[i]?.valid ? [i] : []));
  expect(expected.filter((i) => i >= 8).length).toBeGreaterThan(5);
  for (const workers of [0, 2]) {
    const rows: { index: number; line: number }[] = [];
    const noted: number[] = [];
    const { workers: ran } = await runAuditPipeline({
      batches: readAuditInput({ source: JSON.stringify(items), batchItems: 8 }),
      workers,
      config,
      output: "json",
      onBatch: ({ json, notes }) => {
        rows.push(...(JSON.parse(`[${json}]`) as { index: number; line: number }[]));
        noted.push(...notes.map((note) => note.arrayIndex as number));
      },
    });
    expect(ran).toBe(workers);
    expect(rows.map(({ index, line }) => [index, line])).toEqual(items.map((_, i) => [i, 1]));
    expect(noted).toEqual(expected);
  }
});
