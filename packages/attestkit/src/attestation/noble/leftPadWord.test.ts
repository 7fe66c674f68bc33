import { expect, test } from "vitest";
import { bytesToHex } from "./bytesToHex.js";
import { leftPadWord } from "./leftPadWord.js";

test("default", () => {
  expect(bytesToHex(leftPadWord(Uint8Array.of(1)))).toBe(`0x${"00".repeat(31)}01`);
});

test("a 20-byte address lands in the last 20 bytes, like bytes32(uint256(uint160(a)))", () => {
  const address = new Uint8Array(20).fill(0xee);
  expect(bytesToHex(leftPadWord(address))).toBe(`0x${"00".repeat(12)}${"ee".repeat(20)}`);
});

test("32 bytes are kept as they are, in a copy", () => {
  const word = new Uint8Array(32).fill(7);
  const padded = leftPadWord(word);
  expect(padded).toEqual(word);
  expect(padded).not.toBe(word);
});

test("empty bytes are the zero word", () => {
  expect(leftPadWord(new Uint8Array())).toEqual(new Uint8Array(32));
});

test("refuses more than 32 bytes", () => {
  expect(() => leftPadWord(new Uint8Array(33))).toThrow(RangeError);
});
