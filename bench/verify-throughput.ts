/**
 * Off-chain verification throughput, all measured in one run. Prints one JSON line per
 * measurement as it ends, then a summary line with the figures the audit is held to.
 *
 * 1. Single verifiers: the viem path and the independent noble path, one attestation at a time
 *    (BENCH_N, default 2,000), and whether they agree.
 * 2. The audit at the hardware's limit: `attestkit audit` (the CLI as installed, built with tsc, in
 *    a child process, wall time from start to exit, a worker per core) on BENCH_AUDIT_N JSON Lines
 *    (default 300,000), against the raw limit timed just before and just after it: libsecp256k1
 *    recovery plus both keccak hashes on bytes already parsed, on every core at once. The machine
 *    is shared, so BENCH_ROUNDS rounds (default 3); the ratio is the median of the rounds' ratios.
 * 3. The dispatch ceiling: the same pipeline (the CLI's: the file read in ranges by its workers,
 *    a summary back) with verification replaced by a no-op, in this process. Its one serial part
 *    is the main thread, so the rate it can sustain is an entry per main-thread CPU time per
 *    entry, whatever the number of cores; it is given against one core's verification rate (the
 *    raw limit on one thread, timed in the same run). 16 cores reach 0.9 of the raw limit only if
 *    this is well above 16: every core verifies while the main thread keeps up.
 * 4. The noble engine (no native code) against the native engine: `attestkit audit --workers 2`
 *    with each in turn, on BENCH_NOBLE_N (default 30,000) and BENCH_NOBLE_LARGE_N (300,000) entries,
 *    and on BENCH_NOBLE_N entries signed by BENCH_KEYS solvers (default 8); wall time and the CPU
 *    time of the process (which other work on the machine moves far less). The summaries the two
 *    print are compared (counts, reasons and their lines: the noble engine rejects a signature
 *    that no solver's key confirms without recovering its signer, which a summary never shows),
 *    and every result of the two, entry by entry; so is one signature at a time (the earlier method).
 * 5. Memory: the peak resident memory of `attestkit audit --workers BENCH_RSS_WORKERS` (default 16)
 *    on BENCH_RSS_N lines (default 1,000,000), native, and of the noble engine on BENCH_AUDIT_N.
 *
 * Exits 1 if any verifier disagrees with another or an audit's counts are not the corpus's.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { publicKeyToAddress } from "../packages/attestkit/src/attestation/noble/publicKeyToAddress.js";
import { verifyAttestationNoble } from "../packages/attestkit/src/attestation/noble/verifyAttestationNoble.js";
import { verifyAttestation } from "../packages/attestkit/src/attestation/verifyAttestation.js";
import type { AuditEntryResult } from "../packages/attestkit/src/audit/types.js";
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
import { corpusSolverKey, writeAuditCorpus } from "./writeAuditCorpus.js";

const n = Number(process.env.BENCH_N ?? 2000);
const auditN = Number(process.env.BENCH_AUDIT_N ?? 300_000);
const nobleN = Number(process.env.BENCH_NOBLE_N ?? 30_000);
const nobleLargeN = Number(process.env.BENCH_NOBLE_LARGE_N ?? 300_000);
const keyCount = Number(process.env.BENCH_KEYS ?? 8);
const rssN = Number(process.env.BENCH_RSS_N ?? 1_000_000);
const rssWorkers = Number(process.env.BENCH_RSS_WORKERS ?? 16);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const solvers = [benchSolver];
const startedAt = machine();
let failed = false;

const print = (line: Record<string, unknown>) =>
  console.log(JSON.stringify({ ...line, loadAverage1m: machine().loadAverage1m }));
const round3 = (value: number) => Number(value.toFixed(3));
// The corpus is built so: every tenth entry has a tampered amount (another signer recovers).
const countsOf = (count: number) =>
  `valid        ${count - Math.floor(count / 10)}\ninvalid      ${Math.floor(count / 10)}`;

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
print({
  benchmark: "single-verifiers",
  attestations: n,
  disagreements,
  viem: { ms: Math.round(viem.ms), verificationsPerSecond: perSecond(n, viem.ms) },
  noble: { ms: Math.round(noble.ms), verificationsPerSecond: perSecond(n, noble.ms) },
});
if (disagreements > 0) failed = true;

// 2. The audit against the raw limit, on every core.
const corpus = await writeAuditCorpus({ count: auditN });
const main = buildCli();
const limitInput = await prepareLimitInput(corpus.path, 10_000);
const cores = startedAt.cores;
const limitRounds = Math.max(1, Math.round(60_000 / limitInput.count / cores));
await rawLimit(limitInput, { threads: cores, rounds: 1 }); // warm-up
// Each round: the limit just before and just after the audit; the round's ratio is the audit over
// their mean. Other work on the machine moves both; the CPU ratio (the limit's CPU time per
// attestation over the audit's, every thread of the process from start to exit) does not.
const rows: { limit: number; audit: number; ms: number; limitCpu: number; auditCpu: number }[] = [];
let limitBefore = await rawLimit(limitInput, { threads: cores, rounds: limitRounds });
for (let round = 0; round < rounds; round++) {
  const run = await runCliChild(main, ["audit", corpus.path, "--solver", benchSolver]);
  const limitAfter = await rawLimit(limitInput, { threads: cores, rounds: limitRounds });
  if (!run.stdout.includes(countsOf(auditN))) failed = true;
  rows.push({
    limit: Math.round((limitBefore.perSecond + limitAfter.perSecond) / 2),
    audit: perSecond(auditN, run.ms),
    ms: run.ms,
    limitCpu: (limitBefore.cpuMicrosPerAttestation + limitAfter.cpuMicrosPerAttestation) / 2,
    auditCpu: run.cpuMicros / auditN,
  });
  limitBefore = limitAfter;
}
const oneThread = await rawLimit(limitInput, { threads: 1, rounds: limitRounds * cores });
const coreRatio = round3(median(rows.map((row) => row.audit / row.limit)));
print({
  benchmark: "audit-vs-raw-limit",
  attestations: auditN,
  bytes: corpus.bytes,
  command: `attestkit audit FILE --solver ADDRESS (built CLI, child process, ${cores} workers by default)`,
  rounds: rows.map((row) => ({
    verificationsPerSecond: row.audit,
    limitPerSecond: row.limit,
    ratio: round3(row.audit / row.limit),
    auditCpuMicrosPerAttestation: Number(row.auditCpu.toFixed(1)),
    limitCpuMicrosPerAttestation: Number(row.limitCpu.toFixed(1)),
  })),
  limit: `libsecp256k1 recovery + keccak(tuple) + keccak(EIP-191), bytes already parsed, ${cores} threads at once`,
  oneThreadPerSecond: oneThread.perSecond,
  ratio: coreRatio,
  cpuRatio: round3(median(rows.map((row) => row.limitCpu / row.auditCpu))),
});

// 3. The dispatch ceiling: the pipeline with verification a no-op, against one core's rate.
const built = (module: string) => pathToFileURL(join(dirname(main), `../audit/${module}.js`)).href;
const { readAuditInput, auditBatchBytes } = (await import(
  built("readAuditInput")
)) as typeof import("../packages/attestkit/src/audit/readAuditInput.js");
const { runAuditPipeline } = (await import(
  built("runAuditPipeline")
)) as typeof import("../packages/attestkit/src/audit/runAuditPipeline.js");
const { verifyAttestations } = (await import(
  built("verifyAttestations")
)) as typeof import("../packages/attestkit/src/audit/verifyAttestations.js");
/** The CLI's pipeline in this process: a file read in ranges, a summary back; main-thread CPU. */
async function pipelineRun(pipelineOnly: boolean) {
  let entries = 0;
  const mainBefore = process.threadCpuUsage();
  const allBefore = process.cpuUsage();
  const { ms } = await measure(() =>
    runAuditPipeline({
      batches: readAuditInput({
        source: createReadStream(corpus.path, { highWaterMark: 1 << 20 }),
        batchBytes: auditBatchBytes.native,
      }),
      workers: cores,
      config: { solvers, engine: "native", includeEncoded: false, pipelineOnly },
      output: "notes",
      onBatch: (result) => {
        entries += result.count;
      },
    }),
  );
  const mainCpu = process.threadCpuUsage(mainBefore);
  const allCpu = process.cpuUsage(allBefore);
  return {
    entries,
    perSecond: perSecond(entries, ms),
    mainMicrosPerEntry: (mainCpu.user + mainCpu.system) / entries,
    workerMicrosPerEntry: (allCpu.user + allCpu.system - mainCpu.user - mainCpu.system) / entries,
  };
}
const noops = [];
for (let round = 0; round < rounds; round++) noops.push(await pipelineRun(true));
const verified = await pipelineRun(false);
const noopMain = median(noops.map((run) => run.mainMicrosPerEntry));
const ceiling = 1e6 / noopMain;
const dispatchCeilingOverOneCore = Number((ceiling / oneThread.perSecond).toFixed(1));
print({
  benchmark: "dispatch-ceiling",
  what: `the audit's pipeline (JSON Lines file read in ranges by ${cores} workers, summary output) with verification a no-op; its serial part is the main thread`,
  entries: auditN,
  noop: {
    perSecond: median(noops.map((run) => run.perSecond)),
    mainThreadMicrosPerEntry: Number(noopMain.toFixed(3)),
    workerMicrosPerEntry: Number(median(noops.map((run) => run.workerMicrosPerEntry)).toFixed(2)),
  },
  verified: {
    perSecond: verified.perSecond,
    mainThreadMicrosPerEntry: Number(verified.mainMicrosPerEntry.toFixed(3)),
    workerMicrosPerEntry: Number(verified.workerMicrosPerEntry.toFixed(1)),
  },
  ceilingPerSecond: Math.round(ceiling),
  oneCoreVerificationsPerSecond: oneThread.perSecond,
  ceilingOverOneCore: dispatchCeilingOverOneCore,
  noopThroughputOverOneCore: Number(
    (median(noops.map((run) => run.perSecond)) / oneThread.perSecond).toFixed(1),
  ),
  verifiedMainThreadCeilingOverOneCore: Number(
    (1e6 / verified.mainMicrosPerEntry / oneThread.perSecond).toFixed(1),
  ),
});

// 4. The noble engine against the native engine, 2 workers.
/** One audit in this process; each result's fingerprint kept (8 bytes), to compare engines entry by entry. */
async function auditFile(
  path: string,
  count: number,
  engine: "native" | "noble",
  options: { batch?: boolean; solvers?: string[] } = {},
) {
  const prints = Buffer.alloc(8 * count);
  let entries = 0;
  const cpuBefore = process.cpuUsage();
  const { ms } = await measure(() =>
    verifyAttestations({
      input: createReadStream(path, { highWaterMark: 1 << 20 }),
      solvers: options.solvers ?? solvers,
      engine,
      batch: options.batch ?? true,
      workers: 2,
      onResult: (result: AuditEntryResult, { index }) => {
        entries++;
        if (index < count)
          createHash("sha1")
            .update(JSON.stringify(result))
            .digest()
            .copy(prints, 8 * index, 0, 8);
      },
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return { prints, entries, perSecond: perSecond(count, ms), cpuMicros: (cpu.user + cpu.system) / count };
}
const differences = (a: Buffer, b: Buffer) => {
  let count = 0;
  for (let i = 0; i < a.length; i += 8) if (a.compare(b, i, i + 8, i, i + 8) !== 0) count++;
  return count;
};
/**
 * Speed: `attestkit audit FILE --workers 2` with each engine in turn (native, noble, native, ...),
 * wall time and CPU time of the whole process; per round, noble's rate over native's. Agreement:
 * the printed summaries of each round (counts, reasons, lines), and every result of each engine
 * compared entry by entry (in this process, through verifyAttestations).
 */
async function nobleAgainstNative(
  path: string,
  count: number,
  roundsHere: number,
  auditSolvers: string[] = solvers,
) {
  const solverFlags = auditSolvers.flatMap((solver) => ["--solver", solver]);
  const pairs = [];
  let summariesDiffer = 0;
  for (let round = 0; round < roundsHere; round++) {
    const run = async (engine: string) => {
      const child = await runCliChild(main, [
        "audit",
        path,
        ...solverFlags,
        "--workers",
        "2",
        "--engine",
        engine,
      ]);
      if (!child.stdout.includes(`audited      ${count} entries`)) failed = true;
      // The summary as printed, less its first line (time, engine, workers): counts, reasons and
      // the lines of each reason, which must be the same whichever engine ran.
      const summary = child.stdout.split("\n").slice(1).join("\n");
      return { perSecond: perSecond(count, child.ms), cpuMicros: child.cpuMicros / count, summary };
    };
    const native = await run("native");
    const noble = await run("noble");
    if (noble.summary !== native.summary || native.summary === "") summariesDiffer++;
    pairs.push({ native, noble });
  }
  if (summariesDiffer > 0) failed = true;
  const nativeResults = await auditFile(path, count, "native", { solvers: auditSolvers });
  const nobleResults = await auditFile(path, count, "noble", { solvers: auditSolvers });
  const disagreementsHere =
    differences(nativeResults.prints, nobleResults.prints) +
    Math.abs(nativeResults.entries - nobleResults.entries);
  if (disagreementsHere > 0) failed = true;
  return {
    attestations: count,
    solverKeys: auditSolvers.length,
    workers: 2,
    command: "attestkit audit FILE --solver ... --workers 2 --engine native|noble (built CLI, child process)",
    rounds: pairs.map(({ native, noble }) => ({
      nativePerSecond: native.perSecond,
      noblePerSecond: noble.perSecond,
      ratio: round3(noble.perSecond / native.perSecond),
      nativeCpuMicrosPerAttestation: Number(native.cpuMicros.toFixed(1)),
      nobleCpuMicrosPerAttestation: Number(noble.cpuMicros.toFixed(1)),
    })),
    nobleOverNative: round3(median(pairs.map(({ native, noble }) => noble.perSecond / native.perSecond))),
    nobleOverNativeCpu: round3(median(pairs.map(({ native, noble }) => native.cpuMicros / noble.cpuMicros))),
    disagreementsWithNative: disagreementsHere,
    summaryRoundsDifferingFromNative: summariesDiffer,
    nativeResults,
  };
}
const small = await writeAuditCorpus({ count: nobleN });
const { nativeResults: smallNative, ...at30k } = await nobleAgainstNative(small.path, nobleN, 3);
print({ benchmark: "noble-vs-native", ...at30k });
const { nativeResults: _, ...at300k } = await nobleAgainstNative(
  (await writeAuditCorpus({ count: nobleLargeN })).path,
  nobleLargeN,
  2,
);
print({ benchmark: "noble-vs-native", ...at300k });
const manyKeys = await writeAuditCorpus({ count: nobleN, keys: keyCount });
const keySolvers = Array.from({ length: keyCount }, (_, k) =>
  publicKeyToAddress(secp256k1.getPublicKey(corpusSolverKey(k), false)),
);
const { nativeResults: __, ...withKeys } = await nobleAgainstNative(manyKeys.path, nobleN, 2, keySolvers);
print({ benchmark: "noble-vs-native", ...withKeys });
const batched = await auditFile(small.path, nobleN, "noble");
const oneAtATime = await auditFile(small.path, nobleN, "noble", { batch: false });
const oneAtATimeDisagreements = differences(oneAtATime.prints, smallNative.prints);
if (oneAtATimeDisagreements > 0) failed = true;
print({
  benchmark: "noble-one-at-a-time",
  what: "verifyAttestations, 2 workers, every result back: batched against one signature at a time",
  attestations: nobleN,
  batchedPerSecond: batched.perSecond,
  oneAtATimePerSecond: oneAtATime.perSecond,
  batchedOverOneAtATime: round3(batched.perSecond / oneAtATime.perSecond),
  batchedOverOneAtATimeCpu: round3(oneAtATime.cpuMicros / batched.cpuMicros),
  disagreementsWithNative: oneAtATimeDisagreements,
});

// 5. Memory at many workers: every worker holds at most two batches (and the noble engine its tables).
const large = await writeAuditCorpus({ count: rssN });
const nativeMany = await runCliChild(main, [
  "audit",
  large.path,
  "--solver",
  benchSolver,
  "--workers",
  String(rssWorkers),
]);
const nobleMany = await runCliChild(main, [
  "audit",
  corpus.path,
  "--solver",
  benchSolver,
  "--engine",
  "noble",
  "--workers",
  String(rssWorkers),
]);
if (!nativeMany.stdout.includes(countsOf(rssN)) || !nobleMany.stdout.includes(countsOf(auditN)))
  failed = true;
const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
print({
  benchmark: "peak-memory",
  workers: rssWorkers,
  native: {
    lines: rssN,
    bytes: large.bytes,
    peakRssBytes: nativeMany.maxRssBytes,
    peakRssMiB: mib(nativeMany.maxRssBytes),
    verificationsPerSecond: perSecond(rssN, nativeMany.ms),
  },
  noble: {
    lines: auditN,
    peakRssBytes: nobleMany.maxRssBytes,
    peakRssMiB: mib(nobleMany.maxRssBytes),
    verificationsPerSecond: perSecond(auditN, nobleMany.ms),
  },
});

print({
  benchmark: "summary",
  machine: { ...startedAt, loadAverage1mAtEnd: machine().loadAverage1m },
  dispatchCeilingOverOneCore,
  twoCoreRatio: coreRatio,
  nobleOverNative: {
    at30k: at30k.nobleOverNative,
    at300k: at300k.nobleOverNative,
    [`with${keyCount}Keys`]: withKeys.nobleOverNative,
  },
  peakRssMiB: {
    [`native${rssWorkers}Workers`]: mib(nativeMany.maxRssBytes),
    [`noble${rssWorkers}Workers`]: mib(nobleMany.maxRssBytes),
  },
  meets: {
    dispatchCeiling: dispatchCeilingOverOneCore >= 8,
    twoCoreRatio: coreRatio >= 0.95,
    nobleOverNative: at30k.nobleOverNative >= 1 && at300k.nobleOverNative >= 1,
  },
  countsAndVerdictsAgree: !failed,
});
if (failed) process.exitCode = 1;
