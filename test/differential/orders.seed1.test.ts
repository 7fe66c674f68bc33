import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { fullOrderDifferentialPlan, orderDifferentialPlan } from "./runOrderDifferential.js";
import { testOrderDifferentialSeed } from "./testOrderDifferentialSeed.js";

// One of four files that split the order differential run by seed (see testOrderDifferentialSeed).
testOrderDifferentialSeed(0);

test("the four seed files together run at least 10,000 vectors (ATTESTKIT_CORPUS=full)", () => {
  const files = readdirSync(fileURLToPath(new URL(".", import.meta.url))).filter((name) =>
    /^orders\.seed\d\.test\.ts$/.test(name),
  );
  const seeds = files.map((name) => {
    const source = readFileSync(fileURLToPath(new URL(name, import.meta.url)), "utf8");
    return Number(/testOrderDifferentialSeed\((\d)\)/.exec(source)?.[1]);
  });
  expect(seeds.sort()).toEqual(orderDifferentialPlan.seeds.map((_, i) => i));
  // The full plan's size; `npm test` runs the quick plan, with the same coverage (see its comment).
  expect(
    fullOrderDifferentialPlan.seeds.length * fullOrderDifferentialPlan.minimumPerSeed,
  ).toBeGreaterThanOrEqual(10_000);
});
