import { createBase58check } from "@scure/base";
import { sha256 } from "viem";
import { expect, test } from "vitest";
import { SeededRng } from "../../../../../test/support/corpus/SeededRng.js";
import { base58checkDecode } from "./base58checkDecode.js";

const hex = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString("hex") : bytes);

test("default: the genesis block's address is version 0 and its hash160", () => {
  expect(hex(base58checkDecode("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"))).toBe(
    "0062e907b15cbf27d5425399ebf6f0fb50ebb88f18",
  );
});

test("a Tron address is 0x41 and 20 bytes", () => {
  expect(hex(base58checkDecode("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"))).toBe(
    "41a614f803b6fd780986a42c78ec9c7f77e6ded13c",
  );
});

test.each([
  ["1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb", "checksum"],
  ["1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0", "0 is not base58"],
  ["", "empty"],
  ["z", "shorter than a checksum"],
])("%s is refused (%s)", (text) => {
  expect(base58checkDecode(text)).toBeUndefined();
});

test("agrees with @scure/base on seeded random payloads, intact and corrupted", () => {
  const scure = createBase58check((data: Uint8Array) => sha256(data, "bytes"));
  const rng = new SeededRng(11);
  const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  for (let i = 0; i < 1000; i++) {
    const payload = rng.bytes(rng.int(30));
    if (rng.chance(0.2)) payload.fill(0, 0, Math.min(payload.length, 3));
    let text = scure.encode(payload);
    if (rng.chance(0.5)) {
      const at = rng.int(text.length);
      text = `${text.slice(0, at)}${rng.pick([...alphabet])}${text.slice(at + 1)}`;
    }
    let expected: Uint8Array | undefined;
    try {
      expected = scure.decode(text);
    } catch {
      expected = undefined;
    }
    expect(hex(base58checkDecode(text)), text).toBe(hex(expected));
  }
});
