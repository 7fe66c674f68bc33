import { expect, test } from "vitest";
import { hexInto } from "./hexInto.js";

test("default: writes the digits' bytes at the offset, nothing around them", () => {
  const out = new Uint8Array(6).fill(0xee);
  expect(hexInto("0x00ffA0", 2, 3, out, 2)).toBe(true);
  expect([...out]).toEqual([0xee, 0xee, 0x00, 0xff, 0xa0, 0xee]);
});

test("every byte value, in either case, as node's Buffer reads it", () => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  for (const text of [Buffer.from(all).toString("hex"), Buffer.from(all).toString("hex").toUpperCase()]) {
    const out = new Uint8Array(256);
    expect(hexInto(text, 0, 256, out, 0)).toBe(true);
    expect(out).toEqual(all);
  }
});

test("refuses a character that is not an ASCII hex digit, and a text too short", () => {
  const out = new Uint8Array(2);
  for (const text of ["0g", "g0", "0 ", "-1", "0\u0130", "\u01300", "0x"])
    expect(hexInto(text, 0, 1, out, 0)).toBe(false);
  expect(hexInto("00f", 0, 2, out, 0)).toBe(false);
});

test("oneCase: mixed-case letters are refused, digits and one case are not", () => {
  const out = new Uint8Array(4);
  expect(hexInto("aBcd", 0, 2, out, 0, true)).toBe(false);
  expect(hexInto("aBcd", 0, 2, out, 0)).toBe(true);
  expect(hexInto("abcd", 0, 2, out, 0, true)).toBe(true);
  expect(hexInto("ABCD", 0, 2, out, 0, true)).toBe(true);
  expect(hexInto("0123", 0, 2, out, 0, true)).toBe(true);
});
