import { expect, test } from "vitest";
import { secp256k1HalfN, secp256k1N } from "../../attestation/constants.js";
import { parseSignatureNoble } from "../../attestation/noble/parseSignatureNoble.js";
import { readSignature } from "./readSignature.js";

const word = (value: bigint) => value.toString(16).padStart(64, "0");
const rsv = (r: bigint, s: bigint, v: number) => `0x${word(r)}${word(s)}${v.toString(16).padStart(2, "0")}`;
// The character whose low byte is the digit at `i`: Node's hex decoder reads it as that digit.
const lookalike = (value: string, i: number) =>
  value.slice(0, i) + String.fromCharCode(0x100 + value.charCodeAt(i)) + value.slice(i + 1);
const outcome = (read: (value: unknown) => unknown, value: unknown) => {
  try {
    return read(value);
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
};

test("default: reads r, s, the parity and r || s", () => {
  const signature = rsv(5n, 7n, 28);
  const { rs, yParity } = readSignature(signature);
  expect(yParity).toBe(1);
  expect(Buffer.from(rs).toString("hex")).toBe(signature.slice(2, 130));
});

test("accepts and refuses exactly what parseSignatureNoble does, with the same error", () => {
  const rs = [0n, 1n, secp256k1HalfN, secp256k1HalfN + 1n, secp256k1N - 1n, secp256k1N, 2n ** 256n - 1n];
  const values: unknown[] = [
    undefined,
    null,
    27,
    "",
    "0x",
    "0X00",
    `0x${"ab".repeat(64)}`,
    `0x${"ab".repeat(66)}`,
  ];
  for (const r of rs)
    for (const s of rs)
      for (const v of [0, 1, 2, 26, 27, 28, 29, 255]) {
        const value = rsv(r, s, v);
        values.push(
          value,
          `0x${value.slice(2).toUpperCase()}`,
          `${value.slice(0, -1)}g`,
          ` ${value}`,
          lookalike(value, 2),
          lookalike(value, 131),
        );
      }
  for (const value of values) {
    const expected = outcome(parseSignatureNoble, value) as { name?: string; yParity?: number };
    const got = outcome(readSignature, value) as { name?: string; yParity?: number; rs?: Uint8Array };
    if (expected.name !== undefined) expect(got, String(value)).toEqual(expected);
    else {
      expect(got.yParity, String(value)).toBe(expected.yParity);
      expect(Buffer.from(got.rs as Uint8Array).toString("hex")).toBe(
        (value as string).slice(2, 130).toLowerCase(),
      );
    }
  }
});

test("hex lookalikes (U+0130..0139, U+0141..0146, U+0161..0166) are refused as parseSignatureNoble refuses them", () => {
  // A valid signature whose digits are all swapped: Buffer.from(_, "hex") reads the same 65 bytes.
  const valid = rsv(0xabcdef0123456789n, 0xfedcba9876543210n, 27);
  expect(readSignature(valid).yParity).toBe(0);
  const swapped = `0x${[...valid.slice(2)].map((char) => String.fromCharCode(0x100 + char.charCodeAt(0))).join("")}`;
  expect(Buffer.from(swapped.slice(2), "hex").toString("hex")).toBe(valid.slice(2));
  for (const value of [swapped, ...Array.from({ length: 130 }, (_, i) => lookalike(valid, 2 + i))]) {
    expect(outcome(readSignature, value), value).toEqual(outcome(parseSignatureNoble, value));
    expect(outcome(readSignature, value)).toMatchObject({ name: "InvalidSignatureHexError" });
  }
});
