import { expect, test } from "vitest";
import { knownString, numberish, patterns, responseChainId } from "./primitives.js";
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
