import { expect, test } from "vitest";
import { bytesToHex } from "../../attestation/noble/bytesToHex.js";
import { encodeOrderAddress } from "../encodeOrderAddress.js";
import type { LegacyBitcoinEncoding, OrderVmType } from "../types.js";
import { encodeOrderAddressNoble } from "./encodeOrderAddressNoble.js";

const cases: [unknown, OrderVmType, LegacyBitcoinEncoding | undefined, string][] = [
  [
    "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    "ethereum-vm",
    undefined,
    "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
  ],
  ["0x833589fcd6edb6e08f4c7c32d4f71b54bda0291", "ethereum-vm", undefined, "error"],
  ["0x00000000000000000000000000000000", "hyperliquid-vm", undefined, `0x${"00".repeat(16)}`],
  ["0x000000000000000000000000000000000000", "hyperliquid-vm", undefined, "error"],
  [
    "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
    "solana-vm",
    undefined,
    "0xc6fa7af3bedbad3a3d65f36aabc97431b1bbe4c2d2f6e0e47ca60203452f5d61",
  ],
  ["1111111111111111111111111111111", "solana-vm", undefined, "error"],
  [
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    "bitcoin-vm",
    undefined,
    "0x00751e76e8199196d454941c45d1b3a323f1433bd6",
  ],
  [
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
    "bitcoin-vm",
    undefined,
    "0x0179be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
  ],
  ["bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8", "bitcoin-vm", undefined, `0x${"00".repeat(20)}`],
  ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", "bitcoin-vm", undefined, "error"],
  ["bc1pw5dgrnzv", "bitcoin-vm", undefined, "error"],
  ["1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "bitcoin-vm", undefined, "error"],
  [
    "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
    "bitcoin-vm",
    "ff-prefixed",
    "0xff0062e907b15cbf27d5425399ebf6f0fb50ebb88f18",
  ],
  [
    "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
    "bitcoin-vm",
    "unprefixed",
    "0x0062e907b15cbf27d5425399ebf6f0fb50ebb88f18",
  ],
  [
    "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
    "bitcoin-vm",
    "unprefixed",
    "0x05b472a266d0bd89c13706a4132ccfb16f7c3b9fcb",
  ],
  ["1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "bitcoin-vm", "other" as never, "error"],
  [
    "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    "tron-vm",
    undefined,
    "0x41a614f803b6fd780986a42c78ec9c7f77e6ded13c",
  ],
  ["1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "tron-vm", undefined, "error"],
  ["281474976710654", "lighter-vm", undefined, "0x00000000000000000000fffffffffffe"],
  ["9007199254740992", "lighter-vm", undefined, "error"],
  [null, "lighter-vm", undefined, "error"],
  [7, "solana-vm", undefined, "error"],
];

const run = (f: () => Uint8Array | string) => {
  try {
    const out = f();
    return typeof out === "string" ? out : bytesToHex(out);
  } catch (error) {
    const e = error as { name: string; field?: string; reason?: string };
    return `${e.name}:${e.field}:${e.reason}`;
  }
};

test.each(cases)(
  "%j on %s (%s): same bytes or the same error as the viem path",
  (value, vmType, legacy, expected) => {
    const parameters = { value, vmType, field: "f", legacyBitcoinEncoding: legacy };
    const noble = run(() => encodeOrderAddressNoble(parameters));
    expect(noble).toBe(run(() => encodeOrderAddress(parameters)));
    if (expected === "error") expect(noble).toMatch(/Error:f|Error:legacyBitcoinEncoding/);
    else expect(noble).toBe(expected);
  },
);
