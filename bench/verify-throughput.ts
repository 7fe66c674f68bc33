/**
 * Off-chain verification throughput, all measured in one run. Prints one JSON object (last line).
 *
 * - Single verifiers: the viem path and the independent noble path, one attestation at a time
 *   (BENCH_N, default 2,000), and whether they agree.
 * - The audit at the hardware's limit: `attestkit audit` (the CLI as installed, built with tsc, in a
 *   child process, wall time from start to exit) on BENCH_AUDIT_N JSON Lines (default 300,000),
 *   against the raw limit timed in the same run: libsecp256k1 recovery plus both keccak hashes on
 *   bytes already parsed, on every core at once. The machine is shared, so limit and audit alternate
 *   for BENCH_ROUNDS rounds (default 3) and both the best and the median are given; `ratio` is the
 *   best audit over the best limit.
 * - The noble engine (no native binding): `verifyAttestations` with engine noble on 2 workers over
 *   BENCH_NOBLE_N entries (default 30,000), batched (the default) and one signature at a time (the
 *   previous method), wall time and CPU time (every thread), and every noble result checked
 *   against the native engine's.
 *
 * Exits 1 if any verifier disagrees with another or the audit's counts are not the corpus's.
 */
import { createReadStream } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { verifyAttestationNoble } from "../src/attestation/noble/verifyAttestationNoble.js";
import { verifyAttestation } from "../src/attestation/verifyAttestation.js";
import type { AuditEntryResult } from "../src/audit/types.js";
import {
  buildCli,
  machine,
  median,
  perSecond,
  prepareLimitInput,
  rawLimit,
  runCliChild,
} from "./auditBench.js";
import { benchSolver, buildSignedAttestations } from "./buildSignedAttestations.js";
import { writeAuditCorpus } from "./writeAuditCorpus.js";

const n = Number(process.env.BENCH_N ?? 2000);
const auditN = Number(process.env.BENCH_AUDIT_N ?? 300_000);
const nobleN = Number(process.env.BENCH_NOBLE_N ?? 30_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const solvers = [benchSolver];
const startedAt = machine();

async function measure<T>(run: () => Promise<T> | T): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await run();
  return { result, ms: performance.now() - start };
}

// 1. One attestation at a time.
const attestations = await buildSignedAttestations(n);
for (const a of attestations.slice(0, 50)) {
  await verifyAttestation({ ...a, solvers });
  verifyAttestationNoble({ ...a, solvers });
}
const viem = await measure(async () => {
  const out = [];
  for (const a of attestations) out.push(await verifyAttestation({ ...a, solvers }));
  return out;
});
const noble = await measure(() => attestations.map((a) => verifyAttestationNoble({ ...a, solvers })));
let disagreements = 0;
viem.result.forEach((r, i) => {
  const o = noble.result[i];
  if (!o || o.valid !== r.valid || o.signer !== r.signer || o.hash !== r.hash) disagreements++;
});

// 2. The audit against the raw limit.
const corpus = await writeAuditCorpus({ count: auditN });
const main = buildCli();
const limitInput = await prepareLimitInput(corpus.path, 10_000);
const limitRounds = Math.max(1, Math.round(60_000 / limitInput.count / 2));
await rawLimit(limitInput, { threads: 2, rounds: 1 }); // warm-up
// Each round: the limit just before and just after the audit; the round's ratio is the audit over
// their mean. Other work on the machine moves both; the CPU ratio (the limit's CPU time per
// attestation over the audit's, every thread of the process from start to exit) does not.
const rows: {
  limit: number;
  audit: number;
  ms: number;
  maxRssBytes: number;
  limitCpu: number;
  auditCpu: number;
}[] = [];
let auditOutput = "";
let limitBefore = await rawLimit(limitInput, { threads: 2, rounds: limitRounds });
for (let round = 0; round < rounds; round++) {
  const run = await runCliChild(main, ["audit", corpus.path, "--solver", benchSolver]);
  const limitAfter = await rawLimit(limitInput, { threads: 2, rounds: limitRounds });
  auditOutput = run.stdout;
  rows.push({
    limit: Math.round((limitBefore.perSecond + limitAfter.perSecond) / 2),
    audit: perSecond(auditN, run.ms),
    ms: run.ms,
    maxRssBytes: run.maxRssBytes,
    limitCpu: (limitBefore.cpuMicrosPerAttestation + limitAfter.cpuMicrosPerAttestation) / 2,
    auditCpu: run.cpuMicros / auditN,
  });
  limitBefore = limitAfter;
}
const oneThread = await rawLimit(limitInput, { threads: 1, rounds: limitRounds });
// The corpus is built so: every tenth entry has a tampered amount (another signer recovers).
const expectedCounts = `valid        ${auditN - Math.floor(auditN / 10)}\ninvalid      ${Math.floor(auditN / 10)}`;
const auditCountsRight = auditOutput.includes(expectedCounts);
const roundRatios = rows.map((row) => row.audit / row.limit);
const cpuRatios = rows.map((row) => row.limitCpu / row.auditCpu);

// 3. The noble engine, batched and one at a time, against the native engine's results.
const nobleCorpus = await writeAuditCorpus({ count: nobleN });
// The built module, so the workers run plain JavaScript as installed (no TypeScript loader).
const { verifyAttestations } = (await import(
  pathToFileURL(join(dirname(main), "../audit/verifyAttestations.js")).href
)) as typeof import("../src/audit/verifyAttestations.js");
async function auditFile(engine: "native" | "noble", batch: boolean) {
  const results: AuditEntryResult[] = [];
  // CPU time of every thread of this process (the workers' included): what other work on the
  // machine moves far less than wall time.
  const cpuBefore = process.cpuUsage();
  const { ms } = await measure(() =>
    verifyAttestations({
      input: createReadStream(nobleCorpus.path, { highWaterMark: 1 << 20 }),
      solvers,
      engine,
      batch,
      workers: 2,
      onResult: (result) => results.push(result),
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMicros = (cpu.user + cpu.system) / nobleN;
  return { results, ms: Math.round(ms), perSecond: perSecond(nobleN, ms), cpuMicros };
}
const nativeResults = await auditFile("native", true);
const nobleBatched = await auditFile("noble", true);
const nobleOneAtATime = await auditFile("noble", false);
const nobleDisagreements = [nobleBatched, nobleOneAtATime].reduce(
  (sum, run) => sum + run.results.filter((r, i) => !isDeepStrictEqual(r, nativeResults.results[i])).length,
  0,
);

const report = {
  benchmark: "offchain-verification",
  machine: { ...startedAt, loadAverage1mAtEnd: machine().loadAverage1m },
  single: {
    attestations: n,
    disagreements,
    viem: { ms: Math.round(viem.ms), verificationsPerSecond: perSecond(n, viem.ms) },
    noble: { ms: Math.round(noble.ms), verificationsPerSecond: perSecond(n, noble.ms) },
  },
  audit: {
    attestations: auditN,
    bytes: corpus.bytes,
    command: "attestkit audit FILE --solver ADDRESS (built CLI, child process, 2 workers by default)",
    rounds: rows.map((row) => ({
      verificationsPerSecond: row.audit,
      limitPerSecond: row.limit,
      ratio: Number((row.audit / row.limit).toFixed(3)),
      auditCpuMicrosPerAttestation: Number(row.auditCpu.toFixed(1)),
      limitCpuMicrosPerAttestation: Number(row.limitCpu.toFixed(1)),
    })),
    verificationsPerSecond: {
      best: Math.max(...rows.map((r) => r.audit)),
      median: median(rows.map((r) => r.audit)),
    },
    peakRssBytes: Math.max(...rows.map((r) => r.maxRssBytes)),
    countsAsBuilt: auditCountsRight,
    limit: {
      what: "libsecp256k1 recovery + keccak(tuple) + keccak(EIP-191), bytes already parsed, 2 threads at once",
      perSecond: { best: Math.max(...rows.map((r) => r.limit)), median: median(rows.map((r) => r.limit)) },
      oneThreadPerSecond: oneThread.perSecond,
    },
    ratio: Number(median(roundRatios).toFixed(3)),
    cpuRatio: Number(median(cpuRatios).toFixed(3)),
  },
  nobleEngine: {
    attestations: nobleN,
    workers: 2,
    batched: {
      ms: nobleBatched.ms,
      verificationsPerSecond: nobleBatched.perSecond,
      cpuMicrosPerAttestation: Number(nobleBatched.cpuMicros.toFixed(1)),
    },
    oneAtATime: {
      ms: nobleOneAtATime.ms,
      verificationsPerSecond: nobleOneAtATime.perSecond,
      cpuMicrosPerAttestation: Number(nobleOneAtATime.cpuMicros.toFixed(1)),
    },
    native: { ms: nativeResults.ms, verificationsPerSecond: nativeResults.perSecond },
    batchedOverOneAtATime: Number((nobleBatched.perSecond / nobleOneAtATime.perSecond).toFixed(2)),
    batchedOverOneAtATimeCpu: Number((nobleOneAtATime.cpuMicros / nobleBatched.cpuMicros).toFixed(2)),
    disagreementsWithNative: nobleDisagreements,
  },
};
console.log(JSON.stringify(report));
if (disagreements > 0 || nobleDisagreements > 0 || !auditCountsRight) process.exitCode = 1;
