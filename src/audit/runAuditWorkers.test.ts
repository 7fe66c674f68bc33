import { expect, test } from "vitest";
import { createEntryVerifier } from "./createEntryVerifier.js";
import { runAuditWorkers } from "./runAuditWorkers.js";
import { buildAuditCorpus, corpusKeys } from "./testing/buildAuditCorpus.js";
import { nobleReference } from "./testing/referenceResults.js";
import type { AuditConfig, AuditEntryResult } from "./types.js";

const solvers = [corpusKeys.solverA, corpusKeys.solverB];
const attestations = buildAuditCorpus({ seed: 51, count: 24 }).map((entry) => entry.attestation);
const chunks = [0, 8, 16].map((start) => [start, start + 8] as const);
const config: AuditConfig = { engine: "native", solvers };
const local = () => createEntryVerifier(config);

test("default: every chunk's results land at their indexes", async () => {
  const results: AuditEntryResult[] = new Array(24);
  const done: number[] = [];
  await runAuditWorkers({
    attestations,
    results,
    chunks,
    workers: 2,
    config,
    local,
    onDone: (n) => done.push(n),
  });
  expect(results).toEqual(nobleReference(attestations, { solvers }));
  expect(done).toEqual([8, 8, 8]);
});

test("workers that cannot start: AuditWorkerError with the reason", async () => {
  const run = runAuditWorkers({
    attestations,
    results: [],
    chunks,
    workers: 2,
    config: { engine: "noble", solvers: ["0x12"] },
    local,
    onDone: () => {},
  });
  await expect(run).rejects.toMatchObject({
    name: "AuditWorkerError",
    shortMessage: expect.stringMatching(/^An audit worker failed: InvalidAddressError: Field "solvers\[0\]"/),
  });
});

test("an onDone that throws stops the run with its error", async () => {
  const run = runAuditWorkers({
    attestations,
    results: [],
    chunks,
    workers: 1,
    config,
    local,
    onDone: () => {
      throw new Error("progress failed");
    },
  });
  await expect(run).rejects.toThrow("progress failed");
});

test("nothing to do: resolves without starting a thread", async () => {
  await expect(
    runAuditWorkers({
      attestations: [],
      results: [],
      chunks: [],
      workers: 2,
      config,
      local,
      onDone: () => {},
    }),
  ).resolves.toBeUndefined();
});
