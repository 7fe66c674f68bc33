import { MessageChannel, type MessagePort } from "node:worker_threads";
import { expect, test } from "vitest";
import { buildAuditCorpus, corpusKeys } from "../../test/support/corpus/buildCorpus.js";
import { nobleReference } from "../../test/support/referenceResults.js";
import { type AuditWorkerResponse, runAuditWorker } from "./auditWorker.js";

const solvers = [corpusKeys.solverA, corpusKeys.solverB];

function next(port: MessagePort): Promise<AuditWorkerResponse> {
  return new Promise((resolve) => port.once("message", resolve));
}

test("default: ready, then each batch's results with its sequence number", async () => {
  const { port1, port2 } = new MessageChannel();
  const ready = next(port2);
  runAuditWorker({ port: port1, config: { engine: "noble", solvers }, output: "results" });
  expect(await ready).toEqual({ type: "ready" });
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
