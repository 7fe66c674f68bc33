import { keccak_256 } from "@noble/hashes/sha3.js";
import { privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { bytesToHex } from "./bytesToHex.js";
import { personalDigest } from "./personalDigest.js";
import { recoverSignerNoble } from "./recoverSignerNoble.js";

// The live solver's signature over the hash of the bundled live attestation.
const liveHash = "0x90b6e106cb46dfb411fa528da7f5177ecaf4761f6b7242f00418cc7d4285943c";
const liveSignature =
  "0x4c320680bbb7f4d46892cd93eddf04884d997c8a3dbd8af20ca502e6bf5323a07bb467f97e290dfd53350683ea494e4fcb02a445ac129d1741a81c12eed066a11b";

test("default", () => {
  // The live service signed this digest: only the exact EIP-191 digest recovers its solver.
  const digest = personalDigest(Buffer.from(liveHash.slice(2), "hex"));
  expect(recoverSignerNoble({ digest, signature: liveSignature })).toBe(
    "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF",
  );
});

test("keccak256 matches its published values", () => {
  expect(bytesToHex(keccak_256(new Uint8Array()))).toBe(
    "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470",
  );
  expect(bytesToHex(keccak_256(new TextEncoder().encode("hello")))).toBe(
    "0x1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8",
  );
});

test("is keccak256 of 0x19, 'Ethereum Signed Message:', a newline, '32' and the hash", () => {
  const hash = keccak_256(new TextEncoder().encode("attestkit"));
  const prefix = Uint8Array.of(0x19, ...Buffer.from("Ethereum Signed Message:\n32", "ascii"));
  expect(prefix.length).toBe(28);
  expect(personalDigest(hash)).toEqual(keccak_256(Uint8Array.of(...prefix, ...hash)));
});

test("matches what a wallet signs for a 32-byte raw message", async () => {
  const account = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
  const hash = keccak_256(new TextEncoder().encode("any tuple"));
  const signature = await account.signMessage({ message: { raw: hash } });
  expect(recoverSignerNoble({ digest: personalDigest(hash), signature })).toBe(account.address);
  // Sanity: the wallet's address for Hardhat's first key.
  expect(account.address).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
});

test("refuses anything but 32 bytes", () => {
  expect(() => personalDigest(new Uint8Array(31))).toThrow(RangeError);
  expect(() => personalDigest(new Uint8Array(33))).toThrow(RangeError);
});
