import { expect, test } from "vitest";
import { checkRetryConfig } from "./checkRetryConfig.js";

test("default: no configuration, false and sound numbers are accepted", () => {
  for (const retry of [
    undefined,
    false as const,
    {},
    { retryCount: 0, delay: 0, maxDelayMs: 0, maxElapsedMs: 0 },
  ])
    expect(checkRetryConfig(retry)).toBeUndefined();
  expect(
    checkRetryConfig({ retryCount: 100, delay: () => 5, maxElapsedMs: Number.POSITIVE_INFINITY }),
  ).toBeUndefined();
});

test.each([
  [{ retryCount: -1 }, "retry.retryCount", "must be a whole number from 0 to 100, got -1"],
  [{ retryCount: 1.5 }, "retry.retryCount", "must be a whole number from 0 to 100, got 1.5"],
  [{ retryCount: 101 }, "retry.retryCount", "must be a whole number from 0 to 100, got 101"],
  [{ retryCount: Number.NaN }, "retry.retryCount", "must be a whole number from 0 to 100, got NaN"],
  [{ delay: -5 }, "retry.delay", "must be a number of ms from 0 to 2147483647, got -5"],
  [{ delay: Number.NaN }, "retry.delay", "must be a number of ms from 0 to 2147483647, got NaN"],
  [{ maxDelayMs: 2 ** 31 }, "retry.maxDelayMs", "must be at most 2147483647 ms, got 2147483648"],
  [
    { maxElapsedMs: -1 },
    "retry.maxElapsedMs",
    "must be a number of ms from 0 to 2147483647 or Infinity, got -1",
  ],
])("%j is refused", (retry, field, reason) => {
  expect(checkRetryConfig(retry)).toEqual({ field, reason });
});
