import { expect, test } from "vitest";
import { hexToBytes } from "./hexToBytes.js";

test("default", () => {
  expect(hexToBytes("0x00010f10abff")).toEqual(Uint8Array.of(0, 1, 15, 16, 171, 255));
});

test("upper and mixed case digits are read", () => {
  expect(hexToBytes("0xABcdEf")).toEqual(Uint8Array.of(0xab, 0xcd, 0xef));
});

test("0x alone is zero bytes", () => {
  expect(hexToBytes("0x")).toEqual(new Uint8Array());
});

test("every byte value round-trips against node's Buffer", () => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  expect(hexToBytes(`0x${Buffer.from(all).toString("hex").toUpperCase()}`)).toEqual(all);
});

test.each([
  ["odd digit count", "0xabc"],
  ["no prefix", "abcd"],
  ["upper-case prefix", "0Xabcd"],
  ["non-hex digit", "0xabcg"],
  ["non-hex digit next to the range", "0x:@`G"],
  ["whitespace", "0x ab"],
  ["empty string", ""],
])("rejects %s", (_, value) => {
  expect(hexToBytes(value)).toBeUndefined();
});

test.each([[123], [null], [undefined], [Uint8Array.of(1)], [{}]])("rejects the non-string %o", (value) => {
  expect(hexToBytes(value)).toBeUndefined();
});
