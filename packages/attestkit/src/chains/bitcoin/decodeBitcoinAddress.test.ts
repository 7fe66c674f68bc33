import { sha256 } from "@noble/hashes/sha2.js";
import { bech32, bech32m, createBase58check, hex } from "@scure/base";
import { describe, expect, test } from "vitest";
import { bitcoin } from "./constants.js";
import { decodeBitcoinAddress } from "./decodeBitcoinAddress.js";
import { InvalidBitcoinAddressError } from "./errors.js";

const base58check = createBase58check(sha256);
const segwit = (variant: typeof bech32, prefix: string, version: number, program: Uint8Array) =>
  variant.encode(prefix, [version, ...bech32.toWords(program)]);

function reasonOf(address: string, network?: Parameters<typeof decodeBitcoinAddress>[0]["network"]) {
  try {
    decodeBitcoinAddress({ address, network });
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidBitcoinAddressError);
    return (error as InvalidBitcoinAddressError).reason;
  }
  throw new Error(`${address} decoded`);
}

test("default", () => {
  const decoded = decodeBitcoinAddress({ address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" });
  expect(decoded.type).toBe("p2wpkh");
  expect(decoded.network).toBe("mainnet");
  expect(decoded.encoding).toBe("bech32");
  expect(decoded.witnessVersion).toBe(0);
  // BIP173's example program.
  expect(hex.encode(decoded.program)).toBe("751e76e8199196d454941c45d1b3a323f1433bd6");
});

describe("mainnet types (published vectors)", () => {
  test.each([
    ["1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "p2pkh", "62e907b15cbf27d5425399ebf6f0fb50ebb88f18"],
    ["1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "p2pkh", null],
    ["3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "p2sh", "b472a266d0bd89c13706a4132ccfb16f7c3b9fcb"],
    [
      "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3",
      "p2wsh",
      "1863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262",
    ],
    [
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
      "p2tr",
      "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
    ],
  ])("%s is %s", (address, type, program) => {
    const decoded = decodeBitcoinAddress({ address });
    expect(decoded.type).toBe(type);
    if (program) expect(hex.encode(decoded.program)).toBe(program);
    expect(decoded.program.length).toBe(type === "p2wsh" || type === "p2tr" ? 32 : 20);
    expect(decoded.address).toBe(address);
  });
});

test("uppercase bech32 is valid and kept as given", () => {
  const address = "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4";
  const decoded = decodeBitcoinAddress({ address });
  expect(decoded.type).toBe("p2wpkh");
  expect(decoded.address).toBe(address);
});

test("mixed-case bech32 is rejected", () => {
  expect(reasonOf("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3T4")).toBe("mixed-case");
});

test("base58 is case-sensitive: a re-cased address fails its checksum", () => {
  expect(reasonOf("1bvbmseystwetqtfn5au4m4gfg7xjanvn2")).toBe("invalid-encoding");
});

test("checksum errors", () => {
  expect(reasonOf("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3")).toBe("invalid-encoding");
  expect(reasonOf("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")).toBe("invalid-encoding");
  expect(reasonOf("")).toBe("invalid-encoding");
  expect(reasonOf("0x8ba1f109551bd432803012645ac136ddd64dba72")).toBe("invalid-encoding");
});

test("testnet and regtest prefixes", () => {
  const tb = segwit(bech32, "tb", 0, new Uint8Array(20).fill(7));
  const bcrt = segwit(bech32m, "bcrt", 1, new Uint8Array(32).fill(9));
  expect(decodeBitcoinAddress({ address: tb, network: "testnet" }).type).toBe("p2wpkh");
  expect(decodeBitcoinAddress({ address: bcrt, network: "regtest" }).type).toBe("p2tr");
  expect(
    decodeBitcoinAddress({ address: "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn", network: "testnet" }).type,
  ).toBe("p2pkh");
  expect(
    decodeBitcoinAddress({ address: "2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc", network: "testnet" }).type,
  ).toBe("p2sh");
  // Testnet and regtest share base58 version bytes: the first allowed network is reported.
  expect(
    decodeBitcoinAddress({ address: "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn", network: ["regtest", "testnet"] })
      .network,
  ).toBe("regtest");
  expect(reasonOf(tb)).toBe("wrong-network");
  expect(reasonOf("mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn")).toBe("wrong-network");
  expect(reasonOf("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "testnet")).toBe("wrong-network");
  expect(reasonOf("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", ["testnet", "regtest"])).toBe("wrong-network");
  expect(decodeBitcoinAddress({ address: tb, network: ["mainnet", "testnet"] }).network).toBe("testnet");
});

test("bech32 vs bech32m per witness version (BIP350)", () => {
  const program20 = new Uint8Array(20).fill(1);
  const program32 = new Uint8Array(32).fill(2);
  expect(reasonOf(segwit(bech32m, "bc", 0, program20))).toBe("wrong-checksum-variant");
  expect(reasonOf(segwit(bech32, "bc", 1, program32))).toBe("wrong-checksum-variant");
  expect(decodeBitcoinAddress({ address: segwit(bech32m, "bc", 1, program32) }).encoding).toBe("bech32m");
});

test("witness program lengths", () => {
  expect(reasonOf(segwit(bech32, "bc", 0, new Uint8Array(21)))).toBe("invalid-witness-program");
  expect(reasonOf(segwit(bech32, "bc", 0, new Uint8Array(31)))).toBe("invalid-witness-program");
  expect(reasonOf(segwit(bech32m, "bc", 1, new Uint8Array(20)))).toBe("invalid-witness-program");
  // Pay-to-anchor: a valid output type, not an address anyone should pay.
  expect(reasonOf(segwit(bech32m, "bc", 1, hex.decode("4e73")))).toBe("invalid-witness-program");
  // Non-zero padding bits are invalid (BIP173): 32 bytes fill 52 words with 4 bits of padding.
  const words = bech32.toWords(new Uint8Array(32));
  expect(reasonOf(bech32.encode("bc", [0, ...words.slice(0, -1), 1]))).toBe("invalid-witness-program");
  expect(reasonOf(bech32m.encode("bc", [17, ...bech32.toWords(new Uint8Array(32))]))).toBe(
    "invalid-witness-program",
  );
});

test("future witness versions are refused", () => {
  expect(reasonOf("bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs")).toBe("unsupported-witness-version");
  expect(reasonOf(segwit(bech32m, "bc", 16, new Uint8Array(2)))).toBe("unsupported-witness-version");
});

test("base58check payloads", () => {
  expect(reasonOf(base58check.encode(new Uint8Array([0x00, ...new Uint8Array(19)])))).toBe(
    "invalid-payload-length",
  );
  expect(reasonOf(base58check.encode(new Uint8Array([0x00, ...new Uint8Array(21)])))).toBe(
    "invalid-payload-length",
  );
  expect(reasonOf(base58check.encode(new Uint8Array([0x30, ...new Uint8Array(20)])))).toBe("unknown-version");
  expect(decodeBitcoinAddress({ address: base58check.encode(new Uint8Array(21)) }).type).toBe("p2pkh");
});

test("the native currency identifier is not an address", () => {
  expect(reasonOf(bitcoin.nativeCurrency)).toBe("invalid-witness-program");
});

test("non-string input", () => {
  expect(reasonOf(42 as unknown as string)).toBe("not-a-string");
});

test("error text", () => {
  expect(() =>
    decodeBitcoinAddress({ address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3T4" }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidBitcoinAddressError: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3T4" is not a valid Bitcoin mainnet address: bech32 addresses must be all lowercase or all uppercase.

    Accepted: P2PKH and P2SH (base58check), P2WPKH and P2WSH (bech32), P2TR (bech32m).
    Addresses are passed on exactly as given; their case is never changed.
    Version: attestkit@0.1.0]
  `);
});
