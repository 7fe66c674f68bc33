import { expect, test } from "vitest";
import {
  expectedOrderOutcomes,
  orderDifferentialPlan,
  orderMutationKinds,
  runOrderDifferential,
} from "./runOrderDifferential.js";

/**
 * Registers the order differential test for one seed of the plan; the run is split into one file
 * per seed so vitest spreads it over the cores.
 */
export function testOrderDifferentialSeed(index: number): void {
  const seed = orderDifferentialPlan.seeds[index];
  if (seed === undefined) throw new Error(`The order differential plan has no seed #${index}.`);
  test(`verifyOrder and verifyOrderNoble agree on every vector of seed ${seed}`, async () => {
    const report = await runOrderDifferential({ seed, bases: orderDifferentialPlan.bases });
    const first = report.mismatches.slice(0, 3).join("\n");
    expect(
      report.mismatchCount,
      `${report.mismatchCount} of ${report.count} vectors disagree:\n${first}`,
    ).toBe(0);
    expect(report.count).toBeGreaterThanOrEqual(orderDifferentialPlan.minimumPerSeed);
    for (const kind of [...orderMutationKinds, "valid"])
      expect(report.kinds.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(4);
    for (const outcome of expectedOrderOutcomes)
      expect(report.outcomes.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
    for (const key of [
      "version:v1",
      "version:v2",
      "legacyBitcoinEncoding",
      ...["ethereum-vm", "solana-vm", "bitcoin-vm", "tron-vm", "hyperliquid-vm", "lighter-vm"].map(
        (vm) => `vm:${vm}`,
      ),
    ])
      expect(report.coverage.get(key) ?? 0, key).toBeGreaterThanOrEqual(
        orderDifferentialPlan.minimumCoverage,
      );
  }, 300_000);
}
