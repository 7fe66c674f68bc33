import { expect, test } from "vitest";
import { checkDuration } from "./checkDuration.js";

test("default: a positive number of ms up to 2^31 - 1 is accepted", () => {
  for (const value of [1, 1.5, 30_000, 2 ** 31 - 1])
    expect(checkDuration({ value }), String(value)).toBeUndefined();
});

test.each([
  [0, "must be a number of ms from 1 to 2147483647, got 0"],
  [-1, "must be a number of ms from 1 to 2147483647, got -1"],
  [Number.NaN, "must be a number of ms from 1 to 2147483647, got NaN"],
  ["1000", "must be a number of ms from 1 to 2147483647, got 1000"],
  [undefined, "must be a number of ms from 1 to 2147483647, got undefined"],
  [2 ** 31, "must be at most 2147483647 ms, got 2147483648"],
  [Number.POSITIVE_INFINITY, "must be a number of ms from 1 to 2147483647, got Infinity"],
  [Number.NEGATIVE_INFINITY, "must be a number of ms from 1 to 2147483647, got -Infinity"],
])("%s is refused with a reason", (value, reason) => {
  expect(checkDuration({ value })).toBe(reason);
});

test("min and Infinity where allowed", () => {
  expect(checkDuration({ value: 0, min: 0 })).toBeUndefined();
  expect(checkDuration({ value: -1, min: 0 })).toBe("must be a number of ms from 0 to 2147483647, got -1");
  expect(checkDuration({ value: Number.POSITIVE_INFINITY, allowInfinity: true })).toBeUndefined();
  expect(checkDuration({ value: 2 ** 40, allowInfinity: true })).toBe(
    "must be at most 2147483647 ms (or Infinity), got 1099511627776",
  );
});
