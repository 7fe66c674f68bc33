/**
 * Off-chain verification throughput, all measured in one run on the same attestations:
 *
 * - the viem path and the independent noble path, one attestation at a time (BENCH_N, default
 *   2,000), and whether they agree;
 * - the bulk audit (`verifyAttestations`) on BENCH_AUDIT_N attestations (default 10,000): with the
 *   default engine and workers, with the noble engine, and in this thread only. Each audit's every
 *   result (verdict, signer, reason, encoded, hash, digest) is checked against
 *   `verifyAttestationNoble` on the whole set.
 *
 * The viem path is timed on the first BENCH_N of the audited attestations and its rate per second
 * is compared with the audit's (`auditOverViem`). Prints one JSON object (last line); exits 1 if any
 * verifier disagrees with the reference.
 */
import { availableParallelism } from "node:os";
import { isDeepStrictEqual } from "node:util";
import { verifyAttestationNoble } from "../src/attestation/noble/verifyAttestationNoble.js";
import { verifyAttestation } from "../src/attestation/verifyAttestation.js";
import { type VerifyAttestationsParameters, verifyAttestations } from "../src/audit/verifyAttestations.js";
import { benchSolver, buildSignedAttestations } from "./buildSignedAttestations.js";

const n = Number(process.env.BENCH_N ?? 2000);
const auditN = Number(process.env.BENCH_AUDIT_N ?? 10_000);
const attestations = await buildSignedAttestations(Math.max(n, auditN));
const subset = attestations.slice(0, n);
const audited = attestations.slice(0, auditN);
const solvers = [benchSolver];

async function measure<T>(run: () => Promise<T> | T): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await run();
  return { result, ms: performance.now() - start };
}
const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);

// Warm up every path (JIT, lazy tables, module loading) outside the timed runs.
for (const a of attestations.slice(0, 50)) {
  await verifyAttestation({ ...a, solvers });
  verifyAttestationNoble({ ...a, solvers });
}
await verifyAttestations({ attestations: attestations.slice(0, 200), solvers, workers: 0 });

const viem = await measure(async () => {
  const out = [];
  for (const a of subset) out.push(await verifyAttestation({ ...a, solvers }));
  return out;
});
const noble = await measure(() => subset.map((a) => verifyAttestationNoble({ ...a, solvers })));

let disagreements = 0;
viem.result.forEach((r, i) => {
  const o = noble.result[i];
  if (!o || o.valid !== r.valid || o.signer !== r.signer || o.hash !== r.hash) disagreements++;
});
const valid = viem.result.filter((r) => r.valid).length;

// The reference for the whole audited set: the noble path, one attestation at a time.
const reference = [
  ...noble.result,
  ...audited.slice(noble.result.length).map((a) => verifyAttestationNoble({ ...a, solvers })),
];

async function audit(options: Partial<VerifyAttestationsParameters>) {
  const { result, ms } = await measure(() =>
    verifyAttestations({ attestations: audited, solvers, ...options }),
  );
  const disagreementsWithNoble = result.results.filter((r, i) => !isDeepStrictEqual(r, reference[i])).length;
  return {
    engine: result.engine,
    workers: result.workers,
    ms: Math.round(ms),
    verificationsPerSecond: perSecond(auditN, ms),
    disagreementsWithNoble,
    summary: result.summary,
  };
}
const auditDefault = await audit({});
const auditNoble = await audit({ engine: "noble" });
const auditInThread = await audit({ workers: 0 });

const viemPerSecond = perSecond(n, viem.ms);
const { summary, ...auditFigures } = auditDefault;
const report = {
  benchmark: "offchain-verification",
  attestations: n,
  valid,
  invalid: n - valid,
  disagreements,
  viem: { ms: Math.round(viem.ms), verificationsPerSecond: viemPerSecond },
  noble: { ms: Math.round(noble.ms), verificationsPerSecond: perSecond(n, noble.ms) },
  ratioNobleToViem: Number((viem.ms / noble.ms).toFixed(2)),
  audit: {
    attestations: auditN,
    cores: availableParallelism(),
    valid: summary.valid,
    invalid: summary.invalid,
    malformed: summary.malformed,
    ...auditFigures,
    nobleEngine: (({ summary: _, ...rest }) => rest)(auditNoble),
    inThread: (({ summary: _, ...rest }) => rest)(auditInThread),
    viemBaseline: `the viem path timed on the first ${n} of these ${auditN} attestations in this run, as verifications per second`,
  },
  auditOverViem: Number((auditDefault.verificationsPerSecond / viemPerSecond).toFixed(2)),
  auditNobleOverViem: Number((auditNoble.verificationsPerSecond / viemPerSecond).toFixed(2)),
  auditInThreadOverViem: Number((auditInThread.verificationsPerSecond / viemPerSecond).toFixed(2)),
};
console.log(JSON.stringify(report));
const auditDisagreements = [auditDefault, auditNoble, auditInThread].reduce(
  (sum, a) => sum + a.disagreementsWithNoble,
  0,
);
if (disagreements > 0 || auditDisagreements > 0) process.exitCode = 1;
