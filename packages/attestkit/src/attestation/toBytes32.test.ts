import { expect, test } from "vitest";
import { chainIds } from "./constants.js";
import { toBytes32 } from "./toBytes32.js";

test("default", () => {
  expect(toBytes32({ value: "0xf70da97812cb96acdf810712aa562db8dfa3dbef", chainId: 1n })).toBe(
    "0x000000000000000000000000f70da97812cb96acdf810712aa562db8dfa3dbef",
  );
});

test("evm: checksummed, lowercase and uppercase give the same word", () => {
  const word = "0x000000000000000000000000f3d63166f0ca56c3c1a3508fce03ff0cf3fb691e";
  expect(toBytes32({ value: "0xf3d63166F0Ca56C3c1A3508FcE03Ff0Cf3Fb691e", chainId: 1n })).toBe(word);
  expect(toBytes32({ value: "0xf3d63166f0ca56c3c1a3508fce03ff0cf3fb691e", chainId: 1n })).toBe(word);
  expect(toBytes32({ value: "0xF3D63166F0CA56C3C1A3508FCE03FF0CF3FB691E", chainId: 1n })).toBe(word);
});

test("evm: native currency is the zero address, a zero word", () => {
  expect(toBytes32({ value: "0x0000000000000000000000000000000000000000", chainId: 8453n })).toBe(
    `0x${"0".repeat(64)}`,
  );
});

test("evm: wrong checksum is rejected", () => {
  expect(() =>
    toBytes32({ value: "0xf3d63166F0Ca56C3c1A3508FcE03Ff0Cf3Fb691E", chainId: 1n, field: "originUser" }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidAddressError: Field "originUser" is not a valid evm address: "0xf3d63166F0Ca56C3c1A3508FcE03Ff0Cf3Fb691E" (wrong EIP-55 checksum).

    EVM addresses are 0x followed by 40 hex digits; mixed case must be a correct EIP-55 checksum.
    Version: attestkit@0.1.0]
  `);
});

test.each([
  ["too short", "0x1234"],
  ["no prefix", "f3d63166f0ca56c3c1a3508fce03ff0cf3fb691e"],
  ["21 bytes", `0x${"11".repeat(21)}`],
  ["not hex", `0x${"zz".repeat(20)}`],
  ["a Solana key on an EVM chain", "So11111111111111111111111111111111111111112"],
])("evm: %s is rejected", (_, value) => {
  expect(() => toBytes32({ value, chainId: 10n, field: "destinationUser" })).toThrow(
    expect.objectContaining({ name: "InvalidAddressError", field: "destinationUser", vmType: "evm" }),
  );
});

test("svm: base58 public key becomes its 32 raw bytes", () => {
  // Wrapped SOL's mint; its bytes are well known.
  expect(
    toBytes32({ value: "So11111111111111111111111111111111111111112", chainId: BigInt(chainIds.solana) }),
  ).toBe("0x069b8857feab8184fb687f634618c035dac439dc1aeb3b5598a0f00000000001");
  // Native SOL identifier: 32 zero bytes.
  expect(toBytes32({ value: "11111111111111111111111111111111", chainId: BigInt(chainIds.solana) })).toBe(
    `0x${"0".repeat(64)}`,
  );
});

test("svm: wrong length and bad alphabet are rejected", () => {
  const chainId = BigInt(chainIds.solana);
  expect(() => toBytes32({ value: "1111", chainId, field: "originUser" })).toThrow(
    /decodes to 4 bytes, not 32/,
  );
  expect(() => toBytes32({ value: "0OIl".repeat(11), chainId, field: "originUser" })).toThrow(/not base58/);
  expect(() => toBytes32({ value: "0xf3d63166f0ca56c3c1a3508fce03ff0cf3fb691e", chainId })).toThrow(
    expect.objectContaining({ name: "InvalidAddressError", vmType: "svm" }),
  );
});

test("bitcoin without an encoder is a typed error, never a guess", () => {
  expect(() =>
    toBytes32({
      value: "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8",
      chainId: BigInt(chainIds.bitcoin),
      field: "originCurrency",
    }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [UnsupportedVmTypeError: Field "originCurrency" is on chain 8253038 (bvm), which has no published bytes32 encoding.

    Pass an explicit encoder: { encoders: { bvm: (value) => "0x..." } }.
    attestkit does not guess how the service turns non-EVM, non-Solana addresses into bytes32.
    Version: attestkit@0.1.0]
  `);
});

test("explicit encoder is used and its output checked", () => {
  const chainId = BigInt(chainIds.bitcoin);
  const word = toBytes32({
    value: "bc1qxyz",
    chainId,
    field: "destinationUser",
    encoders: {
      bvm: (value, ctx) => (ctx.vmType === "bvm" && value === "bc1qxyz" ? `0x${"AB".repeat(32)}` : "0x"),
    },
  });
  expect(word).toBe(`0x${"ab".repeat(32)}`);
  expect(() =>
    toBytes32({ value: "bc1qxyz", chainId, field: "destinationUser", encoders: { bvm: () => "0x12" } }),
  ).toThrow(expect.objectContaining({ name: "InvalidEncoderOutputError", field: "destinationUser" }));
});

test("vmTypes override moves a chain to another VM", () => {
  expect(() =>
    toBytes32({ value: "0xf3d63166f0ca56c3c1a3508fce03ff0cf3fb691e", chainId: 5n, vmTypes: { 5: "tvm" } }),
  ).toThrow(expect.objectContaining({ name: "UnsupportedVmTypeError", vmType: "tvm" }));
});

test("missing and non-string values", () => {
  expect(() => toBytes32({ value: undefined, chainId: 1n, field: "originUser" })).toThrow(
    expect.objectContaining({ name: "MissingFieldError", field: "originUser" }),
  );
  expect(() => toBytes32({ value: 42, chainId: 1n, field: "originUser" })).toThrow(
    expect.objectContaining({ name: "InvalidAddressError", field: "originUser" }),
  );
});
