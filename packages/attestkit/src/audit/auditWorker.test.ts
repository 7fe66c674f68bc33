import { closeSync, openSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { expect, test } from "vitest";
import { buildAuditCorpus, corpusKeys } from "../../../../test/support/corpus/buildCorpus.js";
import { nobleReference } from "../../../../test/support/referenceResults.js";
import { makeTempDir } from "../../../../test/support/tempDir.js";
import { type AuditWorkerResponse, runAuditWorker } from "./auditWorker.js";
import { generatorTable } from "./internal/generatorTable.js";
import { sharedGeneratorTable } from "./internal/sharedGeneratorTable.js";

const solvers = [corpusKeys.solverA, corpusKeys.solverB];

function next(port: MessagePort): Promise<AuditWorkerResponse> {
  return new Promise((resolve) => port.once("message", resolve));
}

test("default: ready, then each batch's results with its sequence number", async () => {
  const { port1, port2 } = new MessageChannel();
  const ready = next(port2);
  // G's table as a thread that starts workers shares it: adopted (here, by this very thread).
  const shared = sharedGeneratorTable();
  runAuditWorker({
    port: port1,
    config: { engine: "noble", solvers },
    output: "results",
    generatorTable: shared,
  });
  expect(await ready).toEqual({ type: "ready" });
  expect(generatorTable(shared.w).xs.buffer).toBe(shared.xs);
  const attestations = buildAuditCorpus({ seed: 31, count: 20 }).map((entry) => entry.attestation);
  for (const seq of [0, 1]) {
    const items = attestations.slice(seq * 10, seq * 10 + 10);
    const reply = next(port2);
    port2.postMessage({ seq, kind: "items", items });
    const { response } = (await reply) as Extract<AuditWorkerResponse, { type: "batch" }>;
    expect(response).toMatchObject({ seq, count: 10, results: nobleReference(items, { solvers }) });
  }
  // Text: the worker parses the lines itself.
  const reply = next(port2);
  const text = `${JSON.stringify(attestations[0])}\n\n${JSON.stringify(attestations[1])}\n`;
  port2.postMessage({ seq: 2, kind: "text", bytes: new TextEncoder().encode(text), line: 7, offset: 0 });
  expect(await reply).toEqual({
    type: "batch",
    response: expect.objectContaining({
      seq: 2,
      count: 2,
      lines: [7, 9],
      results: nobleReference(attestations.slice(0, 2), { solvers }),
    }),
  });
  port1.close();
});

test("a range: the worker reads it, posts its line ends at once, and answers once told its first line", async () => {
  const { port1, port2 } = new MessageChannel();
  const ready = next(port2);
  runAuditWorker({ port: port1, config: { engine: "native", solvers }, output: "json" });
  await ready;
  const attestations = buildAuditCorpus({ seed: 33, count: 4 }).map((entry) => entry.attestation);
  const path = join(makeTempDir("audit-worker"), "input.jsonl");
  writeFileSync(path, `${attestations.map((a) => JSON.stringify(a)).join("\n")}\n{x\n`);
  const fd = openSync(path, "r");
  try {
    const size = statSync(path).size;
    const lines = next(port2);
    port2.postMessage({
      seq: 5,
      kind: "range",
      fd,
      start: 0,
      end: size,
      first: true,
      last: true,
      maxEntryBytes: 1 << 20,
    });
    expect(await lines).toEqual({ type: "lines", seq: 5, lineEnds: 5 });
    // Verified by now (in the same turn), but held: its lines cannot be numbered yet.
    const answer = next(port2);
    port2.postMessage({ kind: "line", seq: 5, line: 101 });
    const { response } = (await answer) as Extract<AuditWorkerResponse, { type: "batch" }>;
    const rows = JSON.parse(`[${(response as { json: string }).json}]`) as { line: number; error?: object }[];
    expect(rows.map((row) => row.line)).toEqual([101, 102, 103, 104, 105]);
    expect(rows[4]?.error).toEqual({ name: "InvalidAuditJsonError", message: "Line 105 is not JSON." });
  } finally {
    closeSync(fd);
    port1.close();
  }
});

test("a config it cannot verify with: failed, described", async () => {
  const { port1, port2 } = new MessageChannel();
  const reply = next(port2);
  runAuditWorker({ port: port1, config: { engine: "native", solvers: ["0x12"] }, output: "notes" });
  expect(await reply).toMatchObject({
    type: "failed",
    error: { name: "InvalidAddressError", field: "solvers[0]" },
  });
  port1.close();
});
