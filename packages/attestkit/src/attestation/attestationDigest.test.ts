import { concat, keccak256, stringToHex } from "viem";
import { expect, test } from "vitest";
import { attestationDigest } from "./attestationDigest.js";

const hash = "0x90b6e106cb46dfb411fa528da7f5177ecaf4761f6b7242f00418cc7d4285943c" as const;

test("default", () => {
  expect(attestationDigest({ hash })).toBe(
    "0xfa2f5b2353460a1e5d1e7bed44f14c35d9e7ced663d9ac104f758919011384cd",
  );
});

test("prefixes the 32 raw bytes, not their hex text", () => {
  expect(attestationDigest({ hash })).toBe(
    keccak256(concat([stringToHex("\x19Ethereum Signed Message:\n32"), hash])),
  );
  // Signing the 66-character hex string instead would be a different digest (the classic mistake).
  expect(attestationDigest({ hash })).not.toBe(
    keccak256(stringToHex(`\x19Ethereum Signed Message:\n66${hash}`)),
  );
});

test("rejects anything but 32 bytes", () => {
  expect(() => attestationDigest({ hash: "0x1234" })).toThrow(/not 32 bytes/);
  expect(() => attestationDigest({ hash: `${hash}00` })).toThrow(/not 32 bytes/);
});
