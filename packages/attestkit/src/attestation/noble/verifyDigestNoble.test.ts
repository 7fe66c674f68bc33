import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { expect, test } from "vitest";
import { InvalidAddressError, InvalidSignatureLengthError } from "../errors.js";
import { bytesToHex } from "./bytesToHex.js";
import { verifyDigestNoble } from "./verifyDigestNoble.js";

const secretKey = Buffer.from(
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80".slice(2),
  "hex",
);
const signer = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const digest = keccak_256(new TextEncoder().encode("bulk"));
const recovered = secp256k1.sign(digest, secretKey, { prehash: false, format: "recovered" });
const signature = `${bytesToHex(recovered.subarray(1))}${(27 + Number(recovered[0])).toString(16)}`;

test("default", () => {
  expect(verifyDigestNoble({ digest, signature, solvers: [signer] })).toEqual({ valid: true, signer });
});

test("solvers are compared case-insensitively", () => {
  expect(verifyDigestNoble({ digest, signature, solvers: [signer.toLowerCase()] }).valid).toBe(true);
  expect(
    verifyDigestNoble({ digest, signature, solvers: [signer.toUpperCase().replace("0X", "0x")] }).valid,
  ).toBe(true);
});

test("a valid result has no reason key", () => {
  expect(Object.keys(verifyDigestNoble({ digest, signature, solvers: [signer] }))).toEqual([
    "valid",
    "signer",
  ]);
});

test("a signer outside the set is reported, not hidden", () => {
  const other = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  expect(verifyDigestNoble({ digest, signature, solvers: [other] })).toEqual({
    valid: false,
    signer,
    reason: "signer-not-allowed",
  });
  expect(verifyDigestNoble({ digest, signature, solvers: [] })).toEqual({
    valid: false,
    signer,
    reason: "signer-not-allowed",
  });
});

test("the default solver set is the live solver only", () => {
  expect(verifyDigestNoble({ digest, signature })).toEqual({
    valid: false,
    signer,
    reason: "signer-not-allowed",
  });
});

test("a broken signature rule is a verdict, not a throw", () => {
  const badV = `${signature.slice(0, -2)}1d`;
  expect(verifyDigestNoble({ digest, signature: badV, solvers: [signer] })).toEqual({
    valid: false,
    signer: null,
    reason: "invalid-v",
  });
});

test("malformed input throws: solvers first, then the signature", () => {
  expect(() => verifyDigestNoble({ digest, signature: "0x12", solvers: [signer, "0x1234"] })).toThrow(
    expect.objectContaining({ name: "InvalidAddressError", field: "solvers[1]" }),
  );
  expect(() => verifyDigestNoble({ digest, signature: "0x12", solvers: [signer, "0x1234"] })).toThrow(
    InvalidAddressError,
  );
  expect(() => verifyDigestNoble({ digest, signature: "0x12", solvers: [signer] })).toThrow(
    InvalidSignatureLengthError,
  );
});

test("a mixed-case solver must carry a correct checksum", () => {
  const badChecksum = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267";
  expect(() => verifyDigestNoble({ digest, signature, solvers: [badChecksum] })).toThrow(
    expect.objectContaining({ name: "InvalidAddressError", field: "solvers[0]", vmType: "evm" }),
  );
});
