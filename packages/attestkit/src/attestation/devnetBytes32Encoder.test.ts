import { keccak256, stringToBytes } from "viem";
import { expect, test } from "vitest";
import { devnetBytes32Encoder, devnetBytes32Encoders } from "./devnetBytes32Encoder.js";
import { InvalidAddressError, UnsupportedVmTypeError } from "./errors.js";
import { toBytes32 } from "./toBytes32.js";

const bvm = { field: "originUser", chainId: 8253038n, vmType: "bvm" } as const;
const lvm = { field: "originUser", chainId: 3586256n, vmType: "lvm" } as const;

test("the word is keccak256 of the tagged canonical text", () => {
  const address = "bc1qk5tt0rflctm2wrt6ydhx7v6hymk2d5ueq30w2k";
  expect(devnetBytes32Encoder(address, bvm)).toBe(
    keccak256(stringToBytes(`attestkit-devnet:bvm:${address}`)),
  );
  // bech32 is one string in either case; base58 is case-sensitive and taken as written.
  expect(devnetBytes32Encoder(address.toUpperCase(), bvm)).toBe(devnetBytes32Encoder(address, bvm));
  expect(devnetBytes32Encoder("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", bvm)).toBe(
    keccak256(stringToBytes("attestkit-devnet:bvm:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2")),
  );
  expect(devnetBytes32Encoder("1001", lvm)).toBe(keccak256(stringToBytes("attestkit-devnet:lvm:1001")));
  // The same text on the two VMs gives two words.
  expect(devnetBytes32Encoder("0", lvm)).not.toBe(keccak256(stringToBytes("attestkit-devnet:bvm:0")));
  // The BTC identifier (a 19-byte program: not spendable, still a string of the right shape).
  expect(devnetBytes32Encoder("bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8", bvm)).toMatch(/^0x[0-9a-f]{64}$/);
});

test("refuses values of the wrong shape and other VMs", () => {
  for (const value of [
    "",
    "bc1",
    "Bc1qk5tt0rflctm2wrt6ydhx7v6hymk2d5ueq30w2k",
    "0x00",
    "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
  ])
    expect(() => devnetBytes32Encoder(value, bvm)).toThrow(InvalidAddressError);
  for (const value of ["", "-1", "01", "1.5", "9007199254740992", "0x10", " 1"])
    expect(() => devnetBytes32Encoder(value, lvm)).toThrow(InvalidAddressError);
  expect(devnetBytes32Encoder("9007199254740991", lvm)).toMatch(/^0x[0-9a-f]{64}$/);
  expect(() => devnetBytes32Encoder("x", { field: "f", chainId: 728126428n, vmType: "tvm" })).toThrow(
    UnsupportedVmTypeError,
  );
});

test("verifiers use it only when told: without it Bitcoin and the exchange have no encoding", () => {
  const value = "bc1qk5tt0rflctm2wrt6ydhx7v6hymk2d5ueq30w2k";
  expect(() => toBytes32({ value, chainId: 8253038n })).toThrow(UnsupportedVmTypeError);
  expect(() => toBytes32({ value: "1001", chainId: 3586256n })).toThrow(UnsupportedVmTypeError);
  expect(toBytes32({ value, chainId: 8253038n, encoders: devnetBytes32Encoders })).toBe(
    devnetBytes32Encoder(value, bvm),
  );
  // EVM fields keep their own rule even with the encoders given.
  const evm = "0xf70da97812cb96acdf810712aa562db8dfa3dbef";
  expect(toBytes32({ value: evm, chainId: 1n, encoders: devnetBytes32Encoders })).toBe(
    `0x000000000000000000000000${evm.slice(2)}`,
  );
});
