import { expect, test } from "vitest";
import { bitcoinStallAllowance } from "./bitcoinStallAllowance.js";

test("default", () => {
  expect(bitcoinStallAllowance({ amount: 50000n })).toEqual({
    highValue: false,
    blocks: { min: 2, max: 3 },
    seconds: { min: 1200, max: 1800 },
    slowSeconds: 9000,
  });
});

test("high-value deposits get 3-4 blocks", () => {
  expect(bitcoinStallAllowance({ amount: 5n, highValueThreshold: 4n })).toEqual({
    highValue: true,
    blocks: { min: 3, max: 4 },
    seconds: { min: 1800, max: 2400 },
    slowSeconds: 12000,
  });
});
