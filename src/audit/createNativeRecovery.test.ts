import { expect, test } from "vitest";
import { recoverSignerNoble } from "../attestation/noble/recoverSignerNoble.js";
import { createNativeRecovery } from "./createNativeRecovery.js";
import { loadNativeSecp256k1 } from "./loadNativeSecp256k1.js";
import { bytes32, flipV, infinitySignature, offCurveSignature, signDigest } from "./testing/signDigest.js";
import type { RecoveryInput } from "./types.js";

const { binding } = loadNativeSecp256k1();
if (!binding) throw new Error("the native secp256k1 binding is installed with the project");
const reference = (input: RecoveryInput) =>
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

test("upper-case hex reads the same", () => {
  const recover = createNativeRecovery({ binding });
  const input = signDigest(digests[0] as Uint8Array, keys[0] as Uint8Array);
  const upper = `0x${input.signature.slice(2).toUpperCase()}`;
  expect(recover({ ...input, signature: upper })).toBe(reference(input));
});

test("a throw of libsecp256k1 is unrecoverable: null", () => {
  const recover = createNativeRecovery({ binding });
  expect(recover(offCurveSignature(digests[0] as Uint8Array))).toBeNull();
  expect(recover(infinitySignature(digests[1] as Uint8Array))).toBeNull();
});

test("a full address cache is emptied, never wrong", () => {
  const recover = createNativeRecovery({ binding, cacheSize: 1 });
  for (const digest of digests.slice(0, 3))
    for (const key of keys) {
      const input = signDigest(digest, key);
      expect(recover(input)).toBe(reference(input));
    }
});
