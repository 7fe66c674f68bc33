import { expect, test } from "vitest";
import { showValue } from "./showValue.js";

test("default", () => {
  expect(showValue("1.5")).toBe('"1.5"');
});

test("long strings are cut at max, with an ellipsis", () => {
  expect(showValue("a".repeat(81))).toBe(`"${"a".repeat(77)}..."`);
  expect(showValue("a".repeat(80))).toBe(`"${"a".repeat(80)}"`);
  expect(showValue("a".repeat(101), 100)).toBe(`"${"a".repeat(97)}..."`);
});

test("other values", () => {
  expect(showValue(5n)).toBe("5n");
  expect(showValue(42)).toBe("42");
  expect(showValue({ a: 1 })).toBe('{"a":1}');
  expect(showValue(undefined)).toBe("undefined");
  expect(showValue({ big: 1n })).toBe("[object Object]");
});

test("bare: strings unquoted, every rendering cut at max", () => {
  expect(showValue("<html>", 120, { bare: true })).toBe("<html>");
  expect(showValue("x".repeat(201), 200, { bare: true })).toBe(`${"x".repeat(197)}...`);
  expect(showValue({ message: "m".repeat(300) }, 200, { bare: true })).toHaveLength(200);
  expect(showValue({ a: 1 }, 200, { bare: true })).toBe('{"a":1}');
  // Without bare, objects are shown in full.
  expect(showValue({ message: "m".repeat(300) })).toHaveLength(314);
});
