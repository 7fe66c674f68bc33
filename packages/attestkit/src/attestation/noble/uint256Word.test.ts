import { expect, test } from "vitest";
import { bytesToHex } from "./bytesToHex.js";
import { uint256Word } from "./uint256Word.js";

test("default", () => {
  expect(bytesToHex(uint256Word(258n))).toBe(`0x${"00".repeat(30)}0102`);
});

test("zero is 32 zero bytes", () => {
  expect(uint256Word(0n)).toEqual(new Uint8Array(32));
});

test("2^256 - 1 is 32 bytes of 0xff", () => {
  expect(uint256Word(2n ** 256n - 1n)).toEqual(new Uint8Array(32).fill(0xff));
});

test("big-endian: the most significant byte comes first", () => {
  expect(bytesToHex(uint256Word(2n ** 255n))).toBe(`0x80${"00".repeat(31)}`);
  expect(bytesToHex(uint256Word(792703809n))).toBe(`0x${"00".repeat(28)}2f3fb341`);
});

test("refuses 2^256 and negative values", () => {
  expect(() => uint256Word(2n ** 256n)).toThrow(RangeError);
  expect(() => uint256Word(-1n)).toThrow(RangeError);
});
