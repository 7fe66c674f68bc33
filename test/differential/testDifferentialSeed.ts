import { beforeAll, expect, test } from "vitest";
import { differentialPlan, expectedOutcomes, mutationKinds, runDifferential } from "./runDifferential.js";
import { createSolidityVerifier, type SolidityVerifier } from "./solidityVerifier.js";

/**
 * Registers the differential test for one seed of the plan. The run is split into one file per
 * seed so vitest spreads it over the cores; each file calls this once.
 */
export function testDifferentialSeed(index: number): void {
  const seed = differentialPlan.seeds[index];
  if (seed === undefined) throw new Error(`The differential plan has no seed #${index}.`);
  let solidity: SolidityVerifier;
  beforeAll(async () => {
    solidity = await createSolidityVerifier();
  });
  test(`viem, noble, bulk audit and Solidity agree on every vector of seed ${seed}`, async () => {
    const report = await runDifferential({ seed, bases: differentialPlan.bases, solidity });
    const first = report.mismatches.slice(0, 3).join("\n");
    expect(
      report.mismatchCount,
      `${report.mismatchCount} of ${report.count} vectors disagree:\n${first}`,
    ).toBe(0);
    expect(report.count).toBeGreaterThanOrEqual(differentialPlan.minimumPerSeed);
    // Most vectors also go through the audit and onchain (the rest cannot: encoders are
    // functions, and a malformed field has no word).
    expect(report.auditCount).toBeGreaterThanOrEqual(report.count / 2);
    expect(report.solidityCount).toBeGreaterThanOrEqual(report.count / 3);
    for (const kind of [...mutationKinds, "valid", "combined"])
      expect(report.kinds.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(4);
    for (const outcome of expectedOutcomes)
      expect(report.outcomes.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
  }, 300_000);
}
