import { describe, expect, test } from "vitest";
import {
  amountSchema,
  isUint256Decimal,
  knownString,
  maxUint256,
  numberish,
  patterns,
  responseChainId,
} from "./primitives.js";
import { requestStatuses } from "./statuses.js";

test("default", () => {
  expect(patterns.amount.test("0")).toBe(true);
});

test("basis points: the pattern alone bounds the value to 0..10000", () => {
  for (let value = 0; value <= 10001; value++)
    expect(patterns.basisPoints.test(String(value))).toBe(value <= 10000);
  expect(patterns.basisPoints.test("100000")).toBe(false);
  expect(patterns.basisPoints.test("00000")).toBe(false);
  expect(patterns.basisPoints.test("")).toBe(false);
});

test("knownString keeps unknown values", () => {
  const status = knownString(requestStatuses);
  expect(status.parse("success")).toBe("success");
  expect(status.parse("settling")).toBe("settling");
  expect(status.safeParse(1).success).toBe(false);
});

test("responseChainId reads decimal strings as numbers", () => {
  expect(responseChainId.parse("8453")).toBe(8453);
  expect(responseChainId.parse(8453)).toBe(8453);
  expect(responseChainId.safeParse("0x2105").success).toBe(false);
  expect(responseChainId.safeParse(1.5).success).toBe(false);
});

test("numberish", () => {
  expect(numberish.parse("148211")).toBe("148211");
  expect(numberish.parse(148211)).toBe(148211);
  expect(numberish.safeParse(null).success).toBe(false);
});

describe("amounts are uint256", () => {
  const max = (2n ** 256n - 1n).toString();
  test.each([
    ["0", true],
    ["1", true],
    [max, true],
    [`000${max}`, true],
    [(2n ** 256n).toString(), false],
    [(2n ** 256n + 1n).toString(), false],
    [`1${"0".repeat(78)}`, false],
    ["9".repeat(100_000), false],
    ["", false],
    ["-1", false],
    ["1.5", false],
    ["0x10", false],
  ])("%s: %s", (value, fits) => {
    expect(isUint256Decimal(value)).toBe(fits);
    expect(amountSchema.safeParse(value).success).toBe(fits);
  });

  test("2^256 is refused with a reason; digits-only is checked first", () => {
    expect(amountSchema.safeParse((2n ** 256n).toString()).error?.issues[0]?.message).toBe(
      "must be below 2^256 (a uint256)",
    );
    expect(amountSchema.safeParse("12a").error?.issues[0]?.message).toBe(
      "must be digits only (smallest unit)",
    );
    expect(maxUint256.toString()).toBe(max);
  });

  test.each(["0.01", "1ether", "", "-1"])("%s: one mistake, one issue (digits only, no bound)", (value) => {
    expect(amountSchema.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([
      "must be digits only (smallest unit)",
    ]);
  });
});
