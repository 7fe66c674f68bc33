import { expect, test } from "vitest";
import { InvalidAddressError } from "../errors.js";
import { bytesToHex } from "./bytesToHex.js";
import { parseEvmAddress } from "./parseEvmAddress.js";

const field = "originUser";

test("default", () => {
  expect(bytesToHex(parseEvmAddress({ value: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", field }))).toBe(
    "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
  );
});

test("all-lowercase and all-uppercase digits need no checksum", () => {
  expect(bytesToHex(parseEvmAddress({ value: "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", field }))).toBe(
    "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
  );
  expect(bytesToHex(parseEvmAddress({ value: "0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED", field }))).toBe(
    "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
  );
  expect(parseEvmAddress({ value: `0x${"0".repeat(40)}`, field })).toEqual(new Uint8Array(20));
});

test("mixed case with one letter's case flipped is a bad checksum", () => {
  const value = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD";
  expect(() => parseEvmAddress({ value, field })).toThrow(InvalidAddressError);
  expect(() => parseEvmAddress({ value, field })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidAddressError: Field "originUser" is not a valid evm address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD" (bad EIP-55 checksum).

    EVM addresses are 0x followed by 40 hex digits; mixed case must be a correct EIP-55 checksum.
    Version: attestkit@0.1.0]
  `);
});

test.each([
  ["39 digits", `0x${"a".repeat(39)}`],
  ["41 digits", `0x${"a".repeat(41)}`],
  ["a 32-byte word", `0x${"a".repeat(64)}`],
  ["no 0x", "5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"],
  ["0X prefix", "0X5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"],
  ["a non-hex digit", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg"],
  ["an empty string", ""],
  ["a Solana key", "11111111111111111111111111111111"],
  ["a number", 1],
  ["bytes", new Uint8Array(20)],
])("rejects %s, naming the field and the VM", (_, value) => {
  expect(() => parseEvmAddress({ value, field: "solvers[2]" })).toThrow(
    expect.objectContaining({ name: "InvalidAddressError", field: "solvers[2]", vmType: "evm", value }),
  );
});
