import { expect, test } from "vitest";
import { bytesToHex } from "./bytesToHex.js";

test("default", () => {
  expect(bytesToHex(Uint8Array.of(0, 1, 15, 16, 171, 255))).toBe("0x00010f10abff");
});

test("empty bytes are 0x", () => {
  expect(bytesToHex(new Uint8Array())).toBe("0x");
});

test("every byte value is two lowercase digits, matching node's Buffer", () => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  expect(bytesToHex(all)).toBe(`0x${Buffer.from(all).toString("hex")}`);
});
