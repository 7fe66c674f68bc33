import { secp256k1 } from "@noble/curves/secp256k1.js";
import { expect, test } from "vitest";
import { bytes32, signDigest } from "../../../../test/support/signatures.js";
import { loadNativeSecp256k1 } from "./loadNativeSecp256k1.js";

test("default: loads libsecp256k1 once and recovers an uncompressed key", () => {
  const loaded = loadNativeSecp256k1();
  expect(loaded.binding).toBeDefined();
  expect(loadNativeSecp256k1()).toBe(loaded);
  const key = bytes32("load/key");
  const { digest, signature, yParity } = signDigest(bytes32("load/digest"), key);
  const publicKey = loaded.binding?.ecdsaRecover(
    Buffer.from(signature.slice(2, 130), "hex"),
    yParity,
    digest,
    false,
  );
  expect(publicKey).toEqual(secp256k1.getPublicKey(key, false));
});

test("the binding throws on a signature it cannot parse", () => {
  const { binding } = loadNativeSecp256k1();
  expect(() => binding?.ecdsaRecover(new Uint8Array(64).fill(0xff), 0, bytes32("x"), false)).toThrow();
});
