import { expect, test } from "vitest";
import { InvalidAmountError, MissingFieldError } from "../errors.js";
import { parseAmount } from "./parseAmount.js";

const field = "originAmount";

test("default", () => {
  expect(parseAmount({ value: "1000000", field })).toBe(1000000n);
});

test.each([
  ["zero", "0", 0n],
  ["leading zeros", "000123", 123n],
  ["2^256 - 1", (2n ** 256n - 1n).toString(), 2n ** 256n - 1n],
  ["a bigint", 5n, 5n],
  ["the largest bigint", 2n ** 256n - 1n, 2n ** 256n - 1n],
])("accepts %s", (_, value, expected) => {
  expect(parseAmount({ value, field })).toBe(expected);
});

test.each([undefined, null])("%s is a missing field", (value) => {
  expect(() => parseAmount({ value, field })).toThrow(MissingFieldError);
  expect(() => parseAmount({ value, field })).toThrow(expect.objectContaining({ field }));
});

test.each([
  ["a decimal fraction", "1.5"],
  ["a negative string", "-1"],
  ["hex", "0x10"],
  ["an empty string", ""],
  ["whitespace", "1 "],
  ["exponent notation", "1e18"],
  ["2^256", (2n ** 256n).toString()],
  ["2^256 as a bigint", 2n ** 256n],
  ["a negative bigint", -1n],
  ["a JS number", 1000],
  ["a boolean", false],
])("rejects %s", (_, value) => {
  expect(() => parseAmount({ value, field })).toThrow(InvalidAmountError);
  expect(() => parseAmount({ value, field })).toThrow(expect.objectContaining({ field, value }));
});

test("error text", () => {
  expect(() => parseAmount({ value: "1.5", field })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidAmountError: Field "originAmount" is not a valid amount: "1.5" (not a decimal integer string).

    Amounts are integers in the currency's smallest unit, as decimal digits, below 2^256.
    Version: attestkit@0.1.0]
  `);
});
