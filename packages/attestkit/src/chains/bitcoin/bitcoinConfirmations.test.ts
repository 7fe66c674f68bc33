import { expect, test } from "vitest";
import { bitcoinConfirmations } from "./bitcoinConfirmations.js";

test("default", () => {
  expect(bitcoinConfirmations({ amount: "50000" })).toBe(1);
});

test("two blocks above the threshold, one at or below it", () => {
  expect(bitcoinConfirmations({ amount: 100000001n, highValueThreshold: 100000000n })).toBe(2);
  expect(bitcoinConfirmations({ amount: 100000000n, highValueThreshold: 100000000n })).toBe(1);
});
