import { expect, test } from "vitest";
import { formatUsd } from "./formatUsd.js";

test("default: the service's digits after a dollar sign", () => {
  expect(formatUsd("30")).toBe("$30");
  expect(formatUsd(0.10731)).toBe("$0.10731");
});

test("a negative value has its sign before the dollar: -$0.013, never $-0.013", () => {
  expect(formatUsd("-0.013")).toBe("-$0.013");
  expect(formatUsd(-0.04)).toBe("-$0.04");
});
