import { expect, test } from "vitest";
import { InvalidRouteAmountError } from "./errors.js";
import { isHighValueBitcoinDeposit } from "./isHighValueBitcoinDeposit.js";

test("default", () => {
  expect(isHighValueBitcoinDeposit({ amount: 200000000n, highValueThreshold: 100000000n })).toBe(true);
});

test("exceeds means strictly above", () => {
  expect(isHighValueBitcoinDeposit({ amount: 100000000n, highValueThreshold: 100000000n })).toBe(false);
  expect(isHighValueBitcoinDeposit({ amount: 100000001n, highValueThreshold: "100000000" })).toBe(true);
  expect(isHighValueBitcoinDeposit({ amount: 99999999, highValueThreshold: 100000000 })).toBe(false);
});

test("without a threshold every deposit is typical", () => {
  expect(isHighValueBitcoinDeposit({ amount: 2100000000000000n })).toBe(false);
});

test("invalid amounts", () => {
  expect(() => isHighValueBitcoinDeposit({ amount: "0.5" })).toThrow(InvalidRouteAmountError);
  expect(() => isHighValueBitcoinDeposit({ amount: 1n, highValueThreshold: -1n })).toThrow(
    '"highValueThreshold"',
  );
});
