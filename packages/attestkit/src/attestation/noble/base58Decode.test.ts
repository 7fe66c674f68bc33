import { expect, test } from "vitest";
import { base58Decode } from "./base58Decode.js";
import { bytesToHex } from "./bytesToHex.js";

test("default", () => {
  // The System Program / native SOL: 32 zero bytes.
  expect(base58Decode("11111111111111111111111111111111")).toEqual(new Uint8Array(32));
});

test.each([
  // Bitcoin's base58 test vectors (bitcoin/src/test/data/base58_encode_decode.json).
  ["", "0x"],
  ["2g", "0x61"],
  ["a3gV", "0x626262"],
  ["aPEr", "0x636363"],
  ["2cFupjhnEsSn59qHXstmK2ffpLv2", "0x73696d706c792061206c6f6e6720737472696e67"],
  ["1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L", "0x00eb15231dfceb60925886b67d065299925915aeb172c06647"],
  ["ABnLTmg", "0x516b6fcd0f"],
  ["3SEo3LWLoPntC", "0xbf4f89001e670274dd"],
  ["3EFU7m", "0x572e4794"],
  ["EJDM8drfXA6uyA", "0xecac89cad93923c02321"],
  ["Rt5zm", "0x10c8511e"],
  ["1111111111", "0x00000000000000000000"],
])("Bitcoin vector %j", (text, hex) => {
  expect(base58Decode(text)).toEqual(new Uint8Array(Buffer.from(hex.slice(2), "hex")));
});

test("well-known Solana keys decode to 32 bytes", () => {
  // USDC mint and the SPL token program.
  expect(bytesToHex(base58Decode("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v") ?? new Uint8Array())).toBe(
    "0xc6fa7af3bedbad3a3d65f36aabc97431b1bbe4c2d2f6e0e47ca60203452f5d61",
  );
  expect(bytesToHex(base58Decode("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA") ?? new Uint8Array())).toBe(
    "0x06ddf6e1d765a193d9cbe146ceeb79ac1cb485ed5f5b37913a8cf5857eff00a9",
  );
});

test("each leading 1 is one leading zero byte", () => {
  expect(base58Decode("1")).toEqual(Uint8Array.of(0));
  expect(base58Decode("11z")).toEqual(Uint8Array.of(0, 0, 57));
});

test.each(["0", "O", "I", "l", "+", " ", "abc0", "é"])("rejects a string containing %j", (text) => {
  expect(base58Decode(text)).toBeUndefined();
});
