import { MessageChannel, type MessagePort } from "node:worker_threads";
import { expect, test } from "vitest";
import { type AuditWorkerResponse, runAuditWorker } from "./auditWorker.js";
import { buildAuditCorpus, corpusKeys } from "./testing/buildAuditCorpus.js";
import { nobleReference } from "./testing/referenceResults.js";

const solvers = [corpusKeys.solverA, corpusKeys.solverB];

function next(port: MessagePort): Promise<AuditWorkerResponse> {
  return new Promise((resolve) => port.once("message", resolve));
}

test("default: ready, then each chunk's results with its start index", async () => {
  const { port1, port2 } = new MessageChannel();
  const ready = next(port2);
  runAuditWorker({ port: port1, config: { engine: "noble", solvers } });
  expect(await ready).toEqual({ type: "ready" });
  const attestations = buildAuditCorpus({ seed: 31, count: 20 }).map((entry) => entry.attestation);
  for (const start of [0, 10]) {
    const reply = next(port2);
    port2.postMessage({ start, attestations: attestations.slice(start, start + 10) });
    expect(await reply).toEqual({
      type: "results",
      start,
      results: nobleReference(attestations.slice(start, start + 10), { solvers }),
    });
  }
  port1.close();
});

test("a config it cannot verify with: failed, described", async () => {
  const { port1, port2 } = new MessageChannel();
  const reply = next(port2);
  runAuditWorker({ port: port1, config: { engine: "native", solvers: ["0x12"] } });
  expect(await reply).toMatchObject({
    type: "failed",
    error: { name: "InvalidAddressError", field: "solvers[0]" },
  });
  port1.close();
});
