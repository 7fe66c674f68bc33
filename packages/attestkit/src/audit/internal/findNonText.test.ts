import { expect, test } from "vitest";
import { findNonText } from "./findNonText.js";
import { trailingCut } from "./trailingCut.js";

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

test("default: UTF-8 JSON text has nothing to find", () => {
  expect(findNonText(text('{"a":"é€😀","b":[1,\t2]}\r\n'))).toBe(-1);
  expect(findNonText(new Uint8Array(0))).toBe(-1);
});

test("agrees with the WHATWG decoder on every 1- and 2-byte value and on edge sequences", () => {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const valid = (value: Uint8Array) => {
    try {
      decoder.decode(value);
      return true;
    } catch {
      return false;
    }
  };
  const samples: Uint8Array[] = [];
  for (let a = 0x20; a < 256; a++) {
    samples.push(bytes(a));
    for (const b of [0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xff])
      samples.push(bytes(a, b));
  }
  for (const lead of [0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5])
    for (const second of [0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0])
      samples.push(
        bytes(lead, second, 0x80),
        bytes(lead, second, 0x80, 0x80),
        bytes(lead, second, 0x41, 0x80),
      );
  const control = (value: Uint8Array) =>
    value.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d);
  for (const sample of samples)
    expect(findNonText(sample) === -1, sample.join(",")).toBe(valid(sample) && !control(sample));
});

test("returns the first bad byte, or the lead byte of a bad sequence", () => {
  expect(findNonText(bytes(0x41, 0x42, 0xff))).toBe(2);
  expect(findNonText(text("ab€"), 0, 4)).toBe(2); // cut short by `to`
  expect(findNonText(bytes(0x41, 0xe2, 0x41, 0x41))).toBe(1);
  expect(findNonText(bytes(0xed, 0xa0, 0x80))).toBe(0); // a surrogate
  expect(findNonText(bytes(0xc0, 0x80))).toBe(0); // overlong
});

test("C0 control characters other than tab, line feed and carriage return are not text", () => {
  for (let code = 0; code < 0x20; code++)
    expect(findNonText(bytes(0x41, code))).toBe([0x09, 0x0a, 0x0d].includes(code) ? -1 : 1);
  expect(findNonText(bytes(0x7f))).toBe(-1);
});

test("from and to bound the search", () => {
  const value = bytes(0x00, 0x41, 0x42, 0x00);
  expect(findNonText(value, 1, 3)).toBe(-1);
  expect(findNonText(value, 1)).toBe(3);
});

test("trailingCut: where a sequence cut by the end starts", () => {
  const euro = text("€"); // e2 82 ac
  expect(trailingCut(text("ab"))).toBe(2);
  expect(trailingCut(euro)).toBe(3);
  expect(trailingCut(euro.subarray(0, 2))).toBe(0);
  expect(trailingCut(Uint8Array.of(0x41, ...euro.subarray(0, 1)))).toBe(1);
  expect(trailingCut(Uint8Array.of(0x41, ...text("😀").subarray(0, 3)))).toBe(1);
  expect(trailingCut(text("😀"))).toBe(4);
  expect(trailingCut(new Uint8Array(0))).toBe(0);
  // Continuation bytes with no lead in reach: left for findNonText to refuse.
  expect(trailingCut(bytes(0x80, 0x80, 0x80, 0x80))).toBe(4);
});
