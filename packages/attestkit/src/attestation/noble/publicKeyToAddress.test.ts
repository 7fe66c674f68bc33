import { secp256k1 } from "@noble/curves/secp256k1.js";
import { expect, test } from "vitest";
import { publicKeyToAddress } from "./publicKeyToAddress.js";

test("default", () => {
  // Secret key 1: its public key is the generator point G.
  const secretKey = new Uint8Array(32);
  secretKey[31] = 1;
  expect(publicKeyToAddress(secp256k1.getPublicKey(secretKey, false))).toBe(
    "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf",
  );
});

test.each([
  // Hardhat's and Anvil's first three development accounts.
  [
    "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
    "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  ],
  [
    "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
    "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  ],
  [
    "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
    "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  ],
])("the key %s is %s", (secretKey, address) => {
  expect(publicKeyToAddress(secp256k1.getPublicKey(Buffer.from(secretKey.slice(2), "hex"), false))).toBe(
    address,
  );
});

test("refuses a compressed key", () => {
  const secretKey = Buffer.from(
    "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80".slice(2),
    "hex",
  );
  expect(() => publicKeyToAddress(secp256k1.getPublicKey(secretKey, true))).toThrow(RangeError);
  expect(() => publicKeyToAddress(new Uint8Array(65))).toThrow(RangeError);
});
