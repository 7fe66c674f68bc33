import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { differentialPlan, fullDifferentialPlan } from "./runDifferential.js";
import { testDifferentialSeed } from "./testDifferentialSeed.js";

// One of four files that split the differential run by seed (see testDifferentialSeed).
testDifferentialSeed(0);

test("the four seed files together run at least 10,000 vectors (ATTESTKIT_CORPUS=full)", () => {
  const files = readdirSync(fileURLToPath(new URL(".", import.meta.url))).filter((name) =>
    /^attestations\.seed\d\.test\.ts$/.test(name),
  );
  const seeds = files.map((name) => {
    const source = readFileSync(fileURLToPath(new URL(name, import.meta.url)), "utf8");
    return Number(/testDifferentialSeed\((\d)\)/.exec(source)?.[1]);
  });
  // Each file runs one distinct seed of the plan and asserts its own share.
  expect(seeds.sort()).toEqual(differentialPlan.seeds.map((_, i) => i));
  // The full plan's size; `npm test` runs the quick plan, with the same coverage (see its comment).
  expect(fullDifferentialPlan.seeds.length * fullDifferentialPlan.minimumPerSeed).toBeGreaterThanOrEqual(
    10_000,
  );
});
