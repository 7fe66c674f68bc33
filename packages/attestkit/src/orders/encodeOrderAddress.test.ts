import { createBase58check } from "@scure/base";
import { sha256 } from "viem";
import { describe, expect, test } from "vitest";
import { encodeOrderAddress } from "./encodeOrderAddress.js";
import type { OrderVmType } from "./types.js";

const base58check = createBase58check((data: Uint8Array) => sha256(data, "bytes"));

const encode = (value: unknown, vmType: OrderVmType, legacyBitcoinEncoding?: "ff-prefixed" | "unprefixed") =>
  encodeOrderAddress({ value, vmType, field: "f", legacyBitcoinEncoding });

test("default: an EVM address is its 20 bytes, lowercase", () => {
  expect(encode("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "ethereum-vm")).toBe(
    "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
  );
});

describe("ethereum-vm", () => {
  test("case does not matter: the order signs bytes", () => {
    const lower = "0xf0ae622e463fa757cf72243569e18be7df1996cd";
    expect(encode(lower.toUpperCase().replace("0X", "0x"), "ethereum-vm")).toBe(lower);
    // A mixed case that is not the EIP-55 checksum encodes the same bytes as the service's encoder does.
    expect(encode("0xF0ae622e463fa757cf72243569e18be7df1996cd", "ethereum-vm")).toBe(lower);
  });
  test.each([
    ["0x833589fcd6edb6e08f4c7c32d4f71b54bda0291", "not 0x followed by 40 hex digits"],
    ["0x833589fcd6edb6e08f4c7c32d4f71b54bda029130", "not 0x followed by 40 hex digits"],
    ["833589fcd6edb6e08f4c7c32d4f71b54bda02913", "not 0x followed by 40 hex digits"],
    ["0x833589fcd6edb6e08f4c7c32d4f71b54bda0291g", "not 0x followed by 40 hex digits"],
    [42, "not a string"],
  ])("%s is refused", (value, reason) => {
    expect(() => encode(value, "ethereum-vm")).toThrow(
      expect.objectContaining({
        name: "InvalidOrderAddressError",
        field: "f",
        vmType: "ethereum-vm",
        reason,
      }),
    );
  });
  test.each([undefined, null])("%s is a missing field", (value) => {
    expect(() => encode(value, "ethereum-vm")).toThrow(
      expect.objectContaining({ name: "MissingOrderFieldError", field: "f" }),
    );
  });
});

describe("hyperliquid-vm", () => {
  test("16-byte token ids and 20-byte addresses", () => {
    expect(encode("0x00000000000000000000000000000000", "hyperliquid-vm")).toBe(`0x${"00".repeat(16)}`);
    expect(encode("0x6D1E7CDE53BA9467B783CB7C530CE054", "hyperliquid-vm")).toBe(
      "0x6d1e7cde53ba9467b783cb7c530ce054",
    );
    expect(encode("0xF0AE622e463fa757Cf72243569E18Be7Df1996cd", "hyperliquid-vm")).toBe(
      "0xf0ae622e463fa757cf72243569e18be7df1996cd",
    );
  });
  test.each(["0x00", `0x${"00".repeat(18)}`, `0x${"00".repeat(32)}`])("%s is refused", (value) => {
    expect(() => encode(value, "hyperliquid-vm")).toThrow(
      expect.objectContaining({ reason: "not 0x followed by 32 or 40 hex digits" }),
    );
  });
});

describe("solana-vm", () => {
  test("the 32 base58-decoded bytes", () => {
    expect(encode("11111111111111111111111111111111", "solana-vm")).toBe(`0x${"00".repeat(32)}`);
    expect(encode("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "solana-vm")).toBe(
      "0xc6fa7af3bedbad3a3d65f36aabc97431b1bbe4c2d2f6e0e47ca60203452f5d61",
    );
  });
  test.each([
    ["1111111111111111111111111111111", "decodes to 31 bytes, not 32"],
    ["", "decodes to 0 bytes, not 32"],
    ["0OIl", "not base58"],
    ["0x833589fcd6edb6e08f4c7c32d4f71b54bda02913", "not base58"],
  ])("%s is refused", (value, reason) => {
    expect(() => encode(value, "solana-vm")).toThrow(expect.objectContaining({ reason }));
  });
});

describe("bitcoin-vm", () => {
  test("bech32 v0 (BIP 173 vector): [0, ...program]", () => {
    expect(encode("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "bitcoin-vm")).toBe(
      "0x00751e76e8199196d454941c45d1b3a323f1433bd6",
    );
  });
  test("bech32m v1 (BIP 350 taproot vector): [1, ...program]", () => {
    expect(encode("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "bitcoin-vm")).toBe(
      "0x0179be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
    );
  });
  test("the native-currency sentinel is version 0 and a 19-byte zero program", () => {
    expect(encode("bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8", "bitcoin-vm")).toBe(`0x${"00".repeat(20)}`);
  });
  test("legacy addresses need a named choice", () => {
    expect(() => encode("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "bitcoin-vm")).toThrow(
      expect.objectContaining({ name: "LegacyBitcoinEncodingRequiredError", field: "f" }),
    );
    expect(encode("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "bitcoin-vm", "ff-prefixed")).toBe(
      "0xff0062e907b15cbf27d5425399ebf6f0fb50ebb88f18",
    );
    expect(encode("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "bitcoin-vm", "unprefixed")).toBe(
      "0x0062e907b15cbf27d5425399ebf6f0fb50ebb88f18",
    );
    expect(encode("3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "bitcoin-vm", "ff-prefixed")).toBe(
      "0xff05b472a266d0bd89c13706a4132ccfb16f7c3b9fcb",
    );
  });
  test("a malformed legacy address is refused before any choice is asked for", () => {
    expect(() => encode("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb", "bitcoin-vm")).toThrow(
      expect.objectContaining({ name: "InvalidOrderAddressError", reason: "not base58check" }),
    );
  });
  test.each([
    ["BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "neither bc1 (bech32/bech32m) nor legacy 1.../3..."],
    ["bc1Qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "bech32 text must be lowercase"],
    ["tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", "neither bc1 (bech32/bech32m) nor legacy 1.../3..."],
    // A checksum error in the last character.
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", "not a valid bech32 (v0) or bech32m (v1-16) bc address"],
    // Version 1 under the bech32 (not bech32m) checksum (BIP 350 invalid vector).
    [
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",
      "not a valid bech32 (v0) or bech32m (v1-16) bc address",
    ],
    // Version 0 under the bech32m checksum (BIP 350 invalid vector).
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", "not a valid bech32 (v0) or bech32m (v1-16) bc address"],
    ["bc1pw5dgrnzv", "witness program of 1 bytes (2 to 40 allowed)"],
    ["2N2JD6wb56AfK4tfmM6PwdVmoYk2dCKf4Br", "neither bc1 (bech32/bech32m) nor legacy 1.../3..."],
    ["3A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "not base58check"],
  ])("%s is refused", (value, reason) => {
    expect(() => encode(value, "bitcoin-vm", "ff-prefixed")).toThrow(expect.objectContaining({ reason }));
  });
  test("a legacy payload of the wrong length is refused", () => {
    const short = base58check.encode(Uint8Array.from([0x00, ...new Uint8Array(19).fill(7)]));
    expect(short.startsWith("1")).toBe(true);
    expect(() => encode(short, "bitcoin-vm", "unprefixed")).toThrow(
      expect.objectContaining({ reason: "does not decode to version 0x00 followed by 20 bytes" }),
    );
  });
});

describe("tron-vm", () => {
  test("0x41 || 20 bytes", () => {
    expect(encode("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "tron-vm")).toBe(
      "0x41a614f803b6fd780986a42c78ec9c7f77e6ded13c",
    );
    expect(encode("T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb", "tron-vm")).toBe(`0x41${"00".repeat(20)}`);
  });
  test.each([
    ["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u", "not base58check"],
    ["0x41a614f803b6fd780986a42c78ec9c7f77e6ded13c", "not base58check"],
    ["1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "does not decode to 0x41 followed by 20 bytes"],
  ])("%s is refused", (value, reason) => {
    expect(() => encode(value, "tron-vm")).toThrow(expect.objectContaining({ reason }));
  });
});

describe("lighter-vm", () => {
  test("an index is 16 big-endian bytes", () => {
    expect(encode("0", "lighter-vm")).toBe(`0x${"00".repeat(16)}`);
    expect(encode("281474976710654", "lighter-vm")).toBe("0x00000000000000000000fffffffffffe");
    expect(encode("9007199254740991", "lighter-vm")).toBe("0x0000000000000000001fffffffffffff");
    expect(encode("007", "lighter-vm")).toBe("0x00000000000000000000000000000007");
  });
  test.each([
    ["9007199254740992", "above 2^53 - 1"],
    ["", "not decimal digits"],
    ["-1", "not decimal digits"],
    ["1.5", "not decimal digits"],
    ["0x10", "not decimal digits"],
    [" 1", "not decimal digits"],
  ])("%s is refused", (value, reason) => {
    expect(() => encode(value, "lighter-vm")).toThrow(expect.objectContaining({ reason }));
  });
});

test("the error names the field, the VM and the rule", () => {
  expect(() =>
    encodeOrderAddress({
      value: "nope",
      vmType: "solana-vm",
      field: "orderData.output.payments[0].recipient",
    }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOrderAddressError: Field "orderData.output.payments[0].recipient" is not a valid solana-vm address: "nope" (decodes to 3 bytes, not 32).

    solana-vm addresses are base58 encodings of 32 bytes.
    Version: attestkit@0.1.0]
  `);
});

test("a legacy choice that is neither published variant is refused, not read as one", () => {
  expect(() => encode("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "bitcoin-vm", "prefixed" as never)).toThrow(
    expect.objectContaining({ name: "InvalidOrderFieldError", field: "legacyBitcoinEncoding" }),
  );
});
