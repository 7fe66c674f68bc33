import { expect, test } from "vitest";
import {
  bytes32,
  flipV,
  infinitySignature,
  offCurveSignature,
  type SignedInput,
  signDigest,
} from "../../../../test/support/signatures.js";
import { recoverSignerNoble } from "../attestation/noble/recoverSignerNoble.js";
import { createNativeRecovery } from "./createNativeRecovery.js";
import { loadNativeSecp256k1 } from "./loadNativeSecp256k1.js";

const { binding } = loadNativeSecp256k1();
if (!binding) throw new Error("the native secp256k1 binding is installed with the project");
const reference = (input: SignedInput) =>
  recoverSignerNoble({ digest: input.digest, signature: input.signature });
const keys = ["a", "b", "c"].map((label) => bytes32(`native/${label}`));
const digests = Array.from({ length: 10 }, (_, i) => bytes32(`native/digest/${i}`));

test("default: the same signer as noble's recovery, for both v", () => {
  const recover = createNativeRecovery({ binding });
  for (const digest of digests)
    for (const key of keys) {
      const input = signDigest(digest, key);
      expect(recover(input)).toBe(reference(input));
      expect(recover(flipV(input))).toBe(reference(flipV(input)));
    }
});

test("a throw of libsecp256k1 is unrecoverable: null", () => {
  const recover = createNativeRecovery({ binding });
  expect(recover(offCurveSignature(digests[0] as Uint8Array))).toBeNull();
  expect(recover(infinitySignature(digests[1] as Uint8Array))).toBeNull();
});

test("a full address cache drops its oldest key, never answers wrong", () => {
  for (const cacheSize of [1, 2, 8]) {
    const recover = createNativeRecovery({ binding, cacheSize });
    for (const digest of digests.slice(0, 4))
      for (const key of keys) {
        const input = signDigest(digest, key);
        expect(recover(input)).toBe(reference(input));
        expect(recover(flipV(input))).toBe(reference(flipV(input)));
      }
  }
});
