import { numberToHex } from "viem";
import { expect, test } from "vitest";
import { liveAttestation } from "../../../../test/support/fixtures.js";
import { secp256k1HalfN, secp256k1N } from "./constants.js";
import { parseAttestationSignature } from "./parseAttestationSignature.js";

const sig = liveAttestation.signature;
const r = sig.slice(2, 66);
const s = sig.slice(66, 130);
const word = (n: bigint) => numberToHex(n, { size: 32 }).slice(2);
const make = (rr: string, ss: string, v: number) => `0x${rr}${ss}${v.toString(16).padStart(2, "0")}`;

test("default", () => {
  expect(parseAttestationSignature({ signature: sig })).toEqual({
    r: `0x${r}`,
    s: `0x${s}`,
    v: 27n,
    yParity: 0,
  });
});

test.each([
  [27, 27n, 0],
  [28, 28n, 1],
  [0, 27n, 0],
  [1, 28n, 1],
])("v = %i is read as %s", (v, expected, yParity) => {
  expect(parseAttestationSignature({ signature: make(r, s, v) })).toMatchObject({ v: expected, yParity });
});

test.each([2, 26, 29, 35, 36, 255])("v = %i is invalid", (v) => {
  expect(() => parseAttestationSignature({ signature: make(r, s, v) })).toThrow(
    expect.objectContaining({ name: "InvalidSignatureError", reason: "invalid-v", value: v }),
  );
});

test.each([64, 66, 0, 1, 130])("length %i is a malformed-input error", (length) => {
  const signature = `0x${"11".repeat(length)}`;
  expect(() => parseAttestationSignature({ signature })).toThrow(
    expect.objectContaining({ name: "InvalidSignatureLengthError", field: "signature", length }),
  );
});

test("64-byte compact signatures are refused with a reason", () => {
  expect(() => parseAttestationSignature({ signature: `0x${r}${s}` })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidSignatureLengthError: Field "signature" is 64 bytes long; expected 65 (r || s || v).

    64-byte EIP-2098 compact signatures are not accepted: the solver signs 65-byte r || s || v.
    Version: attestkit@0.1.0]
  `);
});

test("not hex", () => {
  expect(() => parseAttestationSignature({ signature: `${sig.slice(0, -1)}z` })).toThrow(
    expect.objectContaining({ name: "InvalidSignatureHexError" }),
  );
  expect(() => parseAttestationSignature({ signature: sig.slice(2) })).toThrow(
    expect.objectContaining({ name: "InvalidSignatureHexError" }),
  );
  expect(() => parseAttestationSignature({ signature: `${sig}0` })).toThrow(
    expect.objectContaining({ name: "InvalidSignatureHexError" }),
  );
  expect(() => parseAttestationSignature({ signature: undefined })).toThrow(
    expect.objectContaining({ name: "MissingFieldError", field: "signature" }),
  );
});

test("s: n/2 is the last accepted value; n/2 + 1 and the high-s twin are refused", () => {
  expect(parseAttestationSignature({ signature: make(r, word(secp256k1HalfN), 27) }).s).toBe(
    `0x${word(secp256k1HalfN)}`,
  );
  expect(() => parseAttestationSignature({ signature: make(r, word(secp256k1HalfN + 1n), 27) })).toThrow(
    expect.objectContaining({ reason: "high-s" }),
  );
  const twin = secp256k1N - BigInt(`0x${s}`);
  expect(() => parseAttestationSignature({ signature: make(r, word(twin), 28) })).toThrow(
    expect.objectContaining({ reason: "high-s" }),
  );
});

test("r and s bounds", () => {
  expect(() => parseAttestationSignature({ signature: make(word(0n), s, 27) })).toThrow(
    expect.objectContaining({ reason: "invalid-r" }),
  );
  expect(() => parseAttestationSignature({ signature: make(word(secp256k1N), s, 27) })).toThrow(
    expect.objectContaining({ reason: "invalid-r" }),
  );
  expect(parseAttestationSignature({ signature: make(word(secp256k1N - 1n), s, 27) }).r).toBe(
    `0x${word(secp256k1N - 1n)}`,
  );
  expect(() => parseAttestationSignature({ signature: make(r, word(0n), 27) })).toThrow(
    expect.objectContaining({ reason: "invalid-s" }),
  );
  // The all-zero signature fails on v first (v = 0 is fine), then r.
  expect(() => parseAttestationSignature({ signature: `0x${"00".repeat(65)}` })).toThrow(
    expect.objectContaining({ reason: "invalid-r" }),
  );
});

test("rules are checked in the documented order: v before r before s", () => {
  expect(() => parseAttestationSignature({ signature: make(word(0n), word(0n), 5) })).toThrow(
    expect.objectContaining({ reason: "invalid-v" }),
  );
  expect(() => parseAttestationSignature({ signature: make(word(0n), word(secp256k1N - 1n), 27) })).toThrow(
    expect.objectContaining({ reason: "invalid-r" }),
  );
});
