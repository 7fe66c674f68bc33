import { expect, test, vi } from "vitest";
import { chainIds } from "../constants.js";
import {
  InvalidAddressError,
  InvalidEncoderOutputError,
  MissingFieldError,
  UnsupportedVmTypeError,
} from "../errors.js";
import { addressWord } from "./addressWord.js";
import { bytesToHex } from "./bytesToHex.js";

const field = "destinationUser";
const solana = BigInt(chainIds.solana);
const usdcMint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

test("default", () => {
  const word = addressWord({ value: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", field, chainId: 1n });
  expect(bytesToHex(word)).toBe("0x0000000000000000000000005aaeb6053f3e94c9b9a09f33669435e7ef1beaed");
});

test("EVM native currency (the zero address) is the zero word", () => {
  expect(addressWord({ value: `0x${"0".repeat(40)}`, field, chainId: 8453n })).toEqual(new Uint8Array(32));
});

test("a Solana key is its 32 raw bytes, on Solana and on Eclipse", () => {
  const expected = "0xc6fa7af3bedbad3a3d65f36aabc97431b1bbe4c2d2f6e0e47ca60203452f5d61";
  expect(bytesToHex(addressWord({ value: usdcMint, field, chainId: solana }))).toBe(expected);
  expect(bytesToHex(addressWord({ value: usdcMint, field, chainId: BigInt(chainIds.eclipse) }))).toBe(
    expected,
  );
});

test("native SOL is the zero word", () => {
  const word = addressWord({ value: "11111111111111111111111111111111", field, chainId: solana });
  expect(word).toEqual(new Uint8Array(32));
});

test.each([
  ["an EVM address", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"],
  ["31 bytes", "1111111111111111111111111111111"],
  ["33 bytes", "111111111111111111111111111111111"],
  ["a 32-byte value written with an extra leading 1", `1${usdcMint}`],
  ["a character outside the alphabet", `${usdcMint.slice(0, -1)}0`],
  ["an empty string", ""],
  ["a very long string", "z".repeat(10_000)],
])("on Solana, rejects %s", (_, value) => {
  expect(() => addressWord({ value, field, chainId: solana })).toThrow(InvalidAddressError);
  expect(() => addressWord({ value, field, chainId: solana })).toThrow(
    expect.objectContaining({ field, vmType: "svm", value }),
  );
});

test("on an EVM chain, rejects a Solana key and a bad checksum", () => {
  expect(() => addressWord({ value: usdcMint, field, chainId: 1n })).toThrow(
    expect.objectContaining({ name: "InvalidAddressError", field, vmType: "evm" }),
  );
  expect(() =>
    addressWord({
      value: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD",
      field: "originCurrency",
      chainId: 1n,
    }),
  ).toThrow(expect.objectContaining({ name: "InvalidAddressError", field: "originCurrency", vmType: "evm" }));
});

test.each([
  ["Bitcoin", chainIds.bitcoin, "bvm"],
  ["Tron", chainIds.tron, "tvm"],
  ["Hyperliquid", chainIds.hyperliquid, "hypevm"],
  ["Lighter", chainIds.lighter, "lvm"],
])("%s without an encoder is unsupported, not guessed", (_, chainId, vmType) => {
  const call = () =>
    addressWord({ value: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", field, chainId: BigInt(chainId) });
  expect(call).toThrow(UnsupportedVmTypeError);
  expect(call).toThrow(expect.objectContaining({ field, vmType, chainId: BigInt(chainId) }));
});

test("error text for an unsupported VM", () => {
  expect(() =>
    addressWord({ value: "bc1q", field: "originUser", chainId: BigInt(chainIds.bitcoin) }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [UnsupportedVmTypeError: Field "originUser" is on chain 8253038 (bvm), which has no published bytes32 encoding.

    Pass an explicit encoder: { encoders: { bvm: (value) => "0x..." } }.
    attestkit does not guess how the service turns non-EVM, non-Solana addresses into bytes32.
    Version: attestkit@0.1.0]
  `);
});

test("an encoder is called with the value and its context, and its output is lowercased", () => {
  const bvm = vi.fn(() => `0x${"AB".repeat(32)}` as const);
  const word = addressWord({ value: "bc1q", field, chainId: BigInt(chainIds.bitcoin), encoders: { bvm } });
  expect(bytesToHex(word)).toBe(`0x${"ab".repeat(32)}`);
  expect(bvm).toHaveBeenCalledExactlyOnceWith("bc1q", {
    field,
    chainId: BigInt(chainIds.bitcoin),
    vmType: "bvm",
  });
});

test("an explicit encoder wins over the built-in EVM rule", () => {
  const evm = () => `0x${"01".repeat(32)}` as const;
  const word = addressWord({ value: "anything", field, chainId: 1n, encoders: { evm } });
  expect(bytesToHex(word)).toBe(`0x${"01".repeat(32)}`);
});

test.each([
  ["31 bytes", `0x${"ab".repeat(31)}`],
  ["33 bytes", `0x${"ab".repeat(33)}`],
  ["no 0x", "ab".repeat(32)],
  ["a non-hex digit", `0x${"ab".repeat(31)}zz`],
  ["bytes", new Uint8Array(32)],
  ["undefined", undefined],
])("an encoder returning %s is an InvalidEncoderOutputError", (_, output) => {
  const bvm = (() => output) as never;
  const call = () =>
    addressWord({ value: "bc1q", field, chainId: BigInt(chainIds.bitcoin), encoders: { bvm } });
  expect(call).toThrow(InvalidEncoderOutputError);
  expect(call).toThrow(expect.objectContaining({ field }));
});

test("an encoder's own error propagates", () => {
  const bvm = () => {
    throw new RangeError("not mine");
  };
  expect(() =>
    addressWord({ value: "bc1q", field, chainId: BigInt(chainIds.bitcoin), encoders: { bvm } }),
  ).toThrow("not mine");
});

test("vmTypes overrides the chain table", () => {
  const word = addressWord({
    value: "11111111111111111111111111111112",
    field,
    chainId: 1n,
    vmTypes: { "1": "svm" },
  });
  expect(bytesToHex(word)).toBe(`0x${"00".repeat(31)}01`);
  expect(() =>
    addressWord({
      value: "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
      field,
      chainId: 1n,
      vmTypes: { "1": "tvm" },
    }),
  ).toThrow(expect.objectContaining({ name: "UnsupportedVmTypeError", vmType: "tvm" }));
});

test.each([undefined, null])("%s is a missing field", (value) => {
  expect(() => addressWord({ value, field, chainId: 1n })).toThrow(MissingFieldError);
  expect(() => addressWord({ value, field, chainId: 1n })).toThrow(expect.objectContaining({ field }));
});

test("a non-string is an InvalidAddressError for the chain's VM, even with an encoder", () => {
  const svm = vi.fn(() => `0x${"00".repeat(32)}` as const);
  const call = () => addressWord({ value: 42, field, chainId: solana, encoders: { svm } });
  expect(call).toThrow(
    expect.objectContaining({ name: "InvalidAddressError", field, vmType: "svm", value: 42 }),
  );
  expect(svm).not.toHaveBeenCalled();
});
