import { expect, test } from "vitest";
import { MissingElapsedError } from "./errors.js";
import { isBitcoinDepositStalled } from "./isBitcoinDepositStalled.js";

test("default", () => {
  expect(isBitcoinDepositStalled({ amount: 50000n, blocksSinceBroadcast: 3 })).toBe(true);
});

test("blocks: typical after 3, high-value after 4", () => {
  expect(isBitcoinDepositStalled({ amount: 50000n, blocksSinceBroadcast: 2 })).toBe(false);
  expect(isBitcoinDepositStalled({ amount: 9n, highValueThreshold: 8n, blocksSinceBroadcast: 3 })).toBe(
    false,
  );
  expect(isBitcoinDepositStalled({ amount: 9n, highValueThreshold: 8n, blocksSinceBroadcast: 4 })).toBe(true);
});

test("seconds are used only without a block count", () => {
  expect(isBitcoinDepositStalled({ amount: 1n, secondsSinceBroadcast: 1799 })).toBe(false);
  expect(isBitcoinDepositStalled({ amount: 1n, secondsSinceBroadcast: 1800 })).toBe(true);
  // Slow blocks: an hour passed but only one block was mined.
  expect(isBitcoinDepositStalled({ amount: 1n, blocksSinceBroadcast: 1, secondsSinceBroadcast: 3600 })).toBe(
    false,
  );
});

test("needs some measure of elapsed time", () => {
  expect(() => isBitcoinDepositStalled({ amount: 1n })).toThrow(MissingElapsedError);
});
