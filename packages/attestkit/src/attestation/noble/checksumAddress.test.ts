import { randomBytes } from "node:crypto";
import { getAddress } from "viem";
import { expect, test } from "vitest";
import { checksumAddress } from "./checksumAddress.js";

// The test addresses published in EIP-55 itself.
const eip55 = [
  "0x52908400098527886E0F7030069857D2E4169EE7",
  "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
  "0xde709f2102306220921060314715629080e2fb77",
  "0x27b1fdb04752bbc536007a920d24acb045561c26",
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
];

test("default", () => {
  expect(checksumAddress(Buffer.from("5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", "hex"))).toBe(
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  );
});

test.each(eip55)("EIP-55 test vector %s", (address) => {
  expect(checksumAddress(Buffer.from(address.toLowerCase().slice(2), "hex"))).toBe(address);
  expect(checksumAddress(Buffer.from(address.slice(2).toUpperCase(), "hex"))).toBe(address);
});

test("the zero address has no letters to case", () => {
  expect(checksumAddress(new Uint8Array(20))).toBe(`0x${"0".repeat(40)}`);
});

test("the live solver", () => {
  expect(checksumAddress(Buffer.from("f70da97812cb96acdf810712aa562db8dfa3dbef", "hex"))).toBe(
    "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF",
  );
});

test("refuses anything but 20 bytes", () => {
  expect(() => checksumAddress(new Uint8Array(19))).toThrow(RangeError);
  expect(() => checksumAddress(new Uint8Array(32))).toThrow(RangeError);
});

test("agrees with viem's getAddress on random addresses", () => {
  for (let i = 0; i < 500; i++) {
    const bytes = randomBytes(20);
    expect(checksumAddress(bytes)).toBe(getAddress(`0x${bytes.toString("hex")}`));
  }
});
