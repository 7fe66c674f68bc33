import { expect, test } from "vitest";
import { differentialPlan, expectedOutcomes, mutationKinds, runDifferential } from "./runDifferential.js";

/**
 * Registers the differential test for one seed of the plan. The run is split into one file per
 * seed so vitest spreads it over the cores; each file calls this once.
 */
export function testDifferentialSeed(index: number): void {
  const seed = differentialPlan.seeds[index];
  if (seed === undefined) throw new Error(`The differential plan has no seed #${index}.`);
  test(`verifyAttestation and verifyAttestationNoble agree on every vector of seed ${seed}`, async () => {
    const report = await runDifferential({ seed, bases: differentialPlan.bases });
    const first = report.mismatches.slice(0, 3).join("\n");
    expect(
      report.mismatchCount,
      `${report.mismatchCount} of ${report.count} vectors disagree:\n${first}`,
    ).toBe(0);
    expect(report.count).toBeGreaterThanOrEqual(differentialPlan.minimumPerSeed);
    for (const kind of [...mutationKinds, "valid", "combined"])
      expect(report.kinds.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(4);
    for (const outcome of expectedOutcomes)
      expect(report.outcomes.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
  }, 120_000);
}
