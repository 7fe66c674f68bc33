import { expect, test } from "vitest";
import { InvalidChainIdError, MissingFieldError } from "../errors.js";
import { parseChainId } from "./parseChainId.js";

const field = "destinationChainId";
const max = Number.MAX_SAFE_INTEGER;

test("default", () => {
  expect(parseChainId({ value: 8453, field })).toBe(8453n);
});

test.each([
  ["a number", 1, 1n],
  ["zero", 0, 0n],
  ["2^53 - 1", max, 2n ** 53n - 1n],
  ["a bigint", 792703809n, 792703809n],
  ["the largest bigint", 2n ** 53n - 1n, 2n ** 53n - 1n],
  ["decimal digits", "42161", 42161n],
  ["leading zeros", "0010", 10n],
  ["2^53 - 1 as digits", String(max), 2n ** 53n - 1n],
])("accepts %s", (_, value, expected) => {
  expect(parseChainId({ value, field })).toBe(expected);
});

test.each([undefined, null])("%s is a missing field", (value) => {
  expect(() => parseChainId({ value, field })).toThrow(MissingFieldError);
  expect(() => parseChainId({ value, field })).toThrow(expect.objectContaining({ field }));
});

test.each([
  ["2^53", 2 ** 53],
  ["a fraction", 1.5],
  ["a negative number", -1],
  ["NaN", Number.NaN],
  ["Infinity", Number.POSITIVE_INFINITY],
  ["2^53 as a bigint", 2n ** 53n],
  ["a negative bigint", -1n],
  ["2^53 as digits", "9007199254740992"],
  ["hex", "0x1"],
  ["a signed string", "+1"],
  ["a decimal point", "1.0"],
  ["exponent notation", "1e3"],
  ["whitespace", " 1"],
  ["an empty string", ""],
  ["a boolean", true],
  ["an object", { chainId: 1 }],
])("rejects %s", (_, value) => {
  expect(() => parseChainId({ value, field })).toThrow(InvalidChainIdError);
  expect(() => parseChainId({ value, field })).toThrow(expect.objectContaining({ field, value }));
});
