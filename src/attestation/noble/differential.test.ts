import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { differentialPlan, expectedOutcomes, mutationKinds, runDifferential } from "./runDifferential.js";

// One of four files that split the differential run by seed, so vitest spreads it over both cores.
const seed = differentialPlan.seeds[0];

test(`verifyAttestation and verifyAttestationNoble agree on every vector of seed ${seed}`, async () => {
  const report = await runDifferential({ seed, bases: differentialPlan.bases });
  const first = report.mismatches.slice(0, 3).join("\n");
  expect(report.mismatchCount, `${report.mismatchCount} of ${report.count} vectors disagree:\n${first}`).toBe(
    0,
  );
  expect(report.count).toBeGreaterThanOrEqual(differentialPlan.minimumPerSeed);
  for (const kind of [...mutationKinds, "valid", "combined"])
    expect(report.kinds.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(4);
  for (const outcome of expectedOutcomes)
    expect(report.outcomes.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
}, 120_000);

test("the four seed files together run at least 10,000 vectors", () => {
  const files = readdirSync(fileURLToPath(new URL(".", import.meta.url))).filter((name) =>
    /^differential(\.seed\d+)?\.test\.ts$/.test(name),
  );
  const seeds = files.map((name) => {
    const source = readFileSync(fileURLToPath(new URL(name, import.meta.url)), "utf8");
    return Number(/differentialPlan\.seeds\[(\d)\]/.exec(source)?.[1]);
  });
  // Each file runs one distinct seed of the plan and asserts its own share.
  expect(seeds.sort()).toEqual(differentialPlan.seeds.map((_, i) => i));
  expect(differentialPlan.seeds.length * differentialPlan.minimumPerSeed).toBeGreaterThanOrEqual(10_000);
});
