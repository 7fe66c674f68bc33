/**
 * Off-chain verification throughput: the viem path and the independent noble path on the same
 * attestations in one run. Prints one JSON object (last line) with verifications per second and
 * their ratio, and fails if the two paths disagree on any verdict or signer.
 *
 * BENCH_N sets the number of attestations (default 2,000).
 */
import { verifyAttestationNoble } from "../src/attestation/noble/verifyAttestationNoble.js";
import { verifyAttestation } from "../src/attestation/verifyAttestation.js";
import { benchSolver, buildSignedAttestations } from "./buildSignedAttestations.js";

const n = Number(process.env.BENCH_N ?? 2000);
const attestations = await buildSignedAttestations(n);
const solvers = [benchSolver];

async function measure<T>(run: () => Promise<T[]> | T[]): Promise<{ results: T[]; ms: number }> {
  const start = performance.now();
  const results = await run();
  return { results, ms: performance.now() - start };
}

// Warm up both paths (JIT, lazy tables) outside the timed runs.
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
viem.results.forEach((r, i) => {
  const o = noble.results[i];
  if (!o || o.valid !== r.valid || o.signer !== r.signer || o.hash !== r.hash) disagreements++;
});
const valid = viem.results.filter((r) => r.valid).length;
const perSecond = (ms: number) => Math.round((n / ms) * 1000);

const report = {
  benchmark: "offchain-verification",
  attestations: n,
  valid,
  invalid: n - valid,
  disagreements,
  viem: { ms: Math.round(viem.ms), verificationsPerSecond: perSecond(viem.ms) },
  noble: { ms: Math.round(noble.ms), verificationsPerSecond: perSecond(noble.ms) },
  ratioNobleToViem: Number((viem.ms / noble.ms).toFixed(2)),
};
console.log(JSON.stringify(report));
if (disagreements > 0) process.exitCode = 1;
