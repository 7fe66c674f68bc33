import { expect, test } from "vitest";
import {
  InvalidSignatureError,
  InvalidSignatureHexError,
  InvalidSignatureLengthError,
  MissingFieldError,
} from "../errors.js";
import { parseSignatureNoble } from "./parseSignatureNoble.js";

const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const halfN = n / 2n;
const word = (value: bigint) => value.toString(16).padStart(64, "0");
const sig = (r: bigint, s: bigint, v: number) => `0x${word(r)}${word(s)}${v.toString(16).padStart(2, "0")}`;
const r1 = 0x4c320680bbb7f4d46892cd93eddf04884d997c8a3dbd8af20ca502e6bf5323a0n;
const s1 = 0x7bb467f97e290dfd53350683ea494e4fcb02a445ac129d1741a81c12eed066a1n;

function reasonOf(signature: unknown): string {
  try {
    parseSignatureNoble(signature);
  } catch (error) {
    if (error instanceof InvalidSignatureError) return error.reason;
    throw error;
  }
  return "accepted";
}

test("default", () => {
  expect(parseSignatureNoble(sig(r1, s1, 27))).toEqual({ r: r1, s: s1, yParity: 0 });
});

test("v of 27 and 0 are parity 0, v of 28 and 1 are parity 1", () => {
  expect(parseSignatureNoble(sig(r1, s1, 0)).yParity).toBe(0);
  expect(parseSignatureNoble(sig(r1, s1, 27)).yParity).toBe(0);
  expect(parseSignatureNoble(sig(r1, s1, 1)).yParity).toBe(1);
  expect(parseSignatureNoble(sig(r1, s1, 28)).yParity).toBe(1);
});

test.each([2, 3, 4, 26, 29, 30, 35, 36, 127, 128, 255])("v = %i is invalid-v", (v) => {
  expect(reasonOf(sig(r1, s1, v))).toBe("invalid-v");
});

test("the edges of r and s", () => {
  expect(reasonOf(sig(0n, s1, 27))).toBe("invalid-r");
  expect(reasonOf(sig(1n, s1, 27))).toBe("accepted");
  expect(reasonOf(sig(n - 1n, s1, 27))).toBe("accepted");
  expect(reasonOf(sig(n, s1, 27))).toBe("invalid-r");
  expect(reasonOf(sig(2n ** 256n - 1n, s1, 27))).toBe("invalid-r");
  expect(reasonOf(sig(r1, 0n, 27))).toBe("invalid-s");
  expect(reasonOf(sig(r1, 1n, 27))).toBe("accepted");
  expect(reasonOf(sig(r1, halfN, 27))).toBe("accepted");
  expect(reasonOf(sig(r1, halfN + 1n, 27))).toBe("high-s");
  expect(reasonOf(sig(r1, n - s1, 28))).toBe("high-s");
  expect(reasonOf(sig(r1, n, 27))).toBe("high-s");
  expect(reasonOf(sig(r1, 2n ** 256n - 1n, 27))).toBe("high-s");
});

test("rules apply in order: v, then r, then zero s, then high s", () => {
  expect(reasonOf(sig(0n, 0n, 29))).toBe("invalid-v");
  expect(reasonOf(sig(0n, 0n, 27))).toBe("invalid-r");
  expect(reasonOf(sig(n, n, 27))).toBe("invalid-r");
  expect(reasonOf(sig(r1, 0n, 28))).toBe("invalid-s");
  expect(reasonOf(`0x${"00".repeat(65)}`)).toBe("invalid-r");
  expect(reasonOf(`0x${"ff".repeat(65)}`)).toBe("invalid-v");
});

test("the error carries the offending value", () => {
  expect(() => parseSignatureNoble(sig(r1, s1, 29))).toThrow(
    expect.objectContaining({ reason: "invalid-v", value: 29 }),
  );
  expect(() => parseSignatureNoble(sig(r1, n - s1, 27))).toThrow(
    expect.objectContaining({ reason: "high-s", value: `0x${word(n - s1)}` }),
  );
  expect(() => parseSignatureNoble(sig(r1, s1, 29))).toThrowErrorMatchingInlineSnapshot(`
    [InvalidSignatureError: Field "signature" is not acceptable: v is 29; expected 27 or 28 (0 and 1 are read as 27 and 28).
    Version: attestkit@0.1.0]
  `);
});

test.each([0, 1, 32, 64, 66, 130])("%i bytes is an InvalidSignatureLengthError", (length) => {
  const call = () => parseSignatureNoble(`0x${"1b".repeat(length)}`);
  expect(call).toThrow(InvalidSignatureLengthError);
  expect(call).toThrow(expect.objectContaining({ field: "signature", length }));
});

test("a 64-byte compact signature is refused with a message that says why", () => {
  expect(() => parseSignatureNoble(`0x${word(r1)}${word(s1)}`)).toThrowErrorMatchingInlineSnapshot(`
    [InvalidSignatureLengthError: Field "signature" is 64 bytes long; expected 65 (r || s || v).

    64-byte EIP-2098 compact signatures are not accepted: the solver signs 65-byte r || s || v.
    Version: attestkit@0.1.0]
  `);
});

test("upper-case hex is read", () => {
  expect(parseSignatureNoble(sig(r1, s1, 28).toUpperCase().replace("0X", "0x")).s).toBe(s1);
});

test.each([
  ["no 0x", sig(r1, s1, 27).slice(2)],
  ["an odd digit count", `${sig(r1, s1, 27)}0`],
  ["a non-hex digit", `${sig(r1, s1, 27).slice(0, -1)}g`],
  ["bytes", new Uint8Array(65)],
  ["a number", 27],
])("%s is an InvalidSignatureHexError", (_, value) => {
  expect(() => parseSignatureNoble(value)).toThrow(InvalidSignatureHexError);
  expect(() => parseSignatureNoble(value)).toThrow(expect.objectContaining({ field: "signature" }));
});

test.each([undefined, null])("%s is a missing field", (value) => {
  expect(() => parseSignatureNoble(value)).toThrow(MissingFieldError);
  expect(() => parseSignatureNoble(value)).toThrow(expect.objectContaining({ field: "signature" }));
});
