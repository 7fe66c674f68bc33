/**
 * The audit of a large file: `attestkit audit` (the CLI as installed, built with tsc, in a child
 * process) on BENCH_AUDIT_N JSON Lines (default 1,000,000, about 500 MB), with its peak resident
 * memory (every thread of the process), against the raw limit of this machine timed in the same
 * run (libsecp256k1 recovery plus both keccak hashes on bytes already parsed, on every core at
 * once, just before and just after the audit: their mean), and the same in CPU time per attestation
 * (which other work on the machine does not move). Then the noble engine (no native
 * binding) through the same CLI on BENCH_NOBLE_N lines (default 30,000). Prints one JSON object.
 *
 * Run: `npm run bench:audit`. Exits 1 if the audit's counts are not the corpus's.
 */
import { buildCli, machine, perSecond, prepareLimitInput, rawLimit, runCliChild } from "./auditBench.js";
import { benchSolver } from "./buildSignedAttestations.js";
import { writeAuditCorpus } from "./writeAuditCorpus.js";

const auditN = Number(process.env.BENCH_AUDIT_N ?? 1_000_000);
const nobleN = Number(process.env.BENCH_NOBLE_N ?? 30_000);
const startedAt = machine();

const corpus = await writeAuditCorpus({ count: auditN });
const nobleCorpus = await writeAuditCorpus({ count: nobleN });
const main = buildCli();
const limitInput = await prepareLimitInput(corpus.path, 10_000);
await rawLimit(limitInput, { threads: 2, rounds: 1 }); // warm-up
const before = await rawLimit(limitInput, { threads: 2, rounds: 3 });
const native = await runCliChild(main, ["audit", corpus.path, "--solver", benchSolver]);
const after = await rawLimit(limitInput, { threads: 2, rounds: 3 });
const noble = await runCliChild(main, [
  "audit",
  nobleCorpus.path,
  "--solver",
  benchSolver,
  "--engine",
  "noble",
]);

const counts = (n: number) => `valid        ${n - Math.floor(n / 10)}\ninvalid      ${Math.floor(n / 10)}`;
const countsRight = native.stdout.includes(counts(auditN)) && noble.stdout.includes(counts(nobleN));
const limit = (before.perSecond + after.perSecond) / 2;
const limitCpu = (before.cpuMicrosPerAttestation + after.cpuMicrosPerAttestation) / 2;
const nativeRate = perSecond(auditN, native.ms);
console.log(
  JSON.stringify({
    benchmark: "audit-large-file",
    machine: { ...startedAt, loadAverage1mAtEnd: machine().loadAverage1m },
    file: { lines: auditN, bytes: corpus.bytes },
    native: {
      command: "attestkit audit FILE --solver ADDRESS (2 workers by default)",
      ms: native.ms,
      verificationsPerSecond: nativeRate,
      peakRssBytes: native.maxRssBytes,
      peakRssMiB: Math.round(native.maxRssBytes / 2 ** 20),
      cpuMicrosPerAttestation: Number((native.cpuMicros / auditN).toFixed(1)),
    },
    limit: {
      what: "libsecp256k1 recovery + keccak(tuple) + keccak(EIP-191), bytes already parsed, 2 threads at once",
      perSecondBefore: before.perSecond,
      perSecondAfter: after.perSecond,
      cpuMicrosPerAttestation: Number(limitCpu.toFixed(1)),
    },
    ratio: Number((nativeRate / limit).toFixed(3)),
    cpuRatio: Number((limitCpu / (native.cpuMicros / auditN)).toFixed(3)),
    noble: {
      command: "attestkit audit FILE --solver ADDRESS --engine noble",
      lines: nobleN,
      ms: noble.ms,
      verificationsPerSecond: perSecond(nobleN, noble.ms),
      peakRssBytes: noble.maxRssBytes,
    },
    countsAsBuilt: countsRight,
  }),
);
if (!countsRight) process.exitCode = 1;
