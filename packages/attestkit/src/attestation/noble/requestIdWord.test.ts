import { expect, test } from "vitest";
import { InvalidRequestIdError, MissingFieldError } from "../errors.js";
import { bytesToHex } from "./bytesToHex.js";
import { requestIdWord } from "./requestIdWord.js";

test("default", () => {
  const id = "0x1f5e6f4f1a6d2c3b4a5968778695a4b3c2d1e0f0123456789abcdef012345678";
  expect(bytesToHex(requestIdWord(id))).toBe(id);
});

test("upper-case digits are the same bytes", () => {
  expect(bytesToHex(requestIdWord(`0x${"AB".repeat(32)}`))).toBe(`0x${"ab".repeat(32)}`);
});

test.each([undefined, null])("%s is a missing field", (value) => {
  expect(() => requestIdWord(value)).toThrow(MissingFieldError);
  expect(() => requestIdWord(value)).toThrow(expect.objectContaining({ field: "requestId" }));
});

test.each([
  ["31 bytes", `0x${"ab".repeat(31)}`],
  ["33 bytes", `0x${"ab".repeat(33)}`],
  ["63 digits", `0x${"a".repeat(63)}`],
  ["no 0x", "ab".repeat(33)],
  ["a non-hex digit", `0x${"ab".repeat(31)}ag`],
  ["an empty string", ""],
  ["a number", 1],
  ["a bigint", 1n],
])("rejects %s", (_, value) => {
  expect(() => requestIdWord(value)).toThrow(InvalidRequestIdError);
  expect(() => requestIdWord(value)).toThrow(expect.objectContaining({ field: "requestId", value }));
});

test("error text", () => {
  expect(() => requestIdWord("0x12")).toThrowErrorMatchingInlineSnapshot(`
    [InvalidRequestIdError: Field "requestId" is not 32 bytes of hex: "0x12".

    Expected 0x followed by exactly 64 hex digits, as in a quote's steps[].requestId.
    Version: attestkit@0.1.0]
  `);
});
