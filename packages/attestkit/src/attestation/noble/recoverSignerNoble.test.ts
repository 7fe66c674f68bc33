import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { expect, test } from "vitest";
import { InvalidSignatureError, InvalidSignatureLengthError } from "../errors.js";
import { bytesToHex } from "./bytesToHex.js";
import { recoverSignerNoble } from "./recoverSignerNoble.js";

const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const hardhat0 = Buffer.from(
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80".slice(2),
  "hex",
);
const hardhat0Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const digest = keccak_256(new TextEncoder().encode("a digest"));

/** Signs with noble and writes r || s || v, v = 27 + recovery id (or the raw id if asked). */
function sign(secretKey: Uint8Array, message: Uint8Array, { rawV = false } = {}) {
  const recovered = secp256k1.sign(message, secretKey, { prehash: false, format: "recovered" });
  const v = Number(recovered[0]) + (rawV ? 0 : 27);
  return {
    signature: `${bytesToHex(recovered.subarray(1))}${v.toString(16).padStart(2, "0")}`,
    recovery: Number(recovered[0]),
  };
}

function withV(signature: string, v: number) {
  return `${signature.slice(0, -2)}${v.toString(16).padStart(2, "0")}`;
}

function reasonOf(signature: string): string {
  try {
    recoverSignerNoble({ digest, signature });
  } catch (error) {
    if (error instanceof InvalidSignatureError) return error.reason;
    throw error;
  }
  return "recovered";
}

test("default", () => {
  expect(recoverSignerNoble({ digest, signature: sign(hardhat0, digest).signature })).toBe(hardhat0Address);
});

test("recovers the signer of many keys and digests, under both recovery ids", () => {
  const seen = new Set<number>();
  for (let i = 1; i <= 24; i++) {
    const secretKey = keccak_256(Uint8Array.of(i));
    const message = keccak_256(Uint8Array.of(0, i));
    const expected = secp256k1.getPublicKey(secretKey, false);
    const address = `0x${bytesToHex(keccak_256(expected.subarray(1)).subarray(12)).slice(2)}`;
    const { signature, recovery } = sign(secretKey, message);
    seen.add(recovery);
    expect(recoverSignerNoble({ digest: message, signature }).toLowerCase()).toBe(address);
  }
  expect([...seen].sort()).toEqual([0, 1]);
});

test("v as 0/1 recovers the same signer as 27/28", () => {
  const { signature } = sign(hardhat0, digest, { rawV: true });
  expect(recoverSignerNoble({ digest, signature })).toBe(hardhat0Address);
});

test("the other v recovers some other address", () => {
  const { signature, recovery } = sign(hardhat0, digest);
  const flipped = withV(signature, recovery === 0 ? 28 : 27);
  const other = recoverSignerNoble({ digest, signature: flipped });
  expect(other).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(other).not.toBe(hardhat0Address);
});

test("another digest recovers some other address", () => {
  const { signature } = sign(hardhat0, digest);
  expect(recoverSignerNoble({ digest: keccak_256(digest), signature })).not.toBe(hardhat0Address);
});

test("the high-s twin of a valid signature is refused", () => {
  const { signature, recovery } = sign(hardhat0, digest);
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const twin = `${signature.slice(0, 66)}${(n - s).toString(16).padStart(64, "0")}${recovery === 0 ? "1c" : "1b"}`;
  // The twin is valid ECDSA for the same key: noble accepts it when malleability is allowed.
  const compact = Buffer.from(twin.slice(2), "hex").subarray(0, 64);
  expect(
    secp256k1.verify(compact, digest, secp256k1.getPublicKey(hardhat0), { prehash: false, lowS: false }),
  ).toBe(true);
  expect(reasonOf(twin)).toBe("high-s");
});

test("an r that is no point's x coordinate is unrecoverable", () => {
  // 5^3 + 7 = 132 is not a square modulo p, so no curve point has x = 5.
  expect(() => secp256k1.Point.fromHex(`02${"5".padStart(64, "0")}`)).toThrow();
  const signature = `0x${"5".padStart(64, "0")}${"1".padStart(64, "0")}1b`;
  expect(reasonOf(signature)).toBe("unrecoverable");
  expect(() => recoverSignerNoble({ digest, signature })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidSignatureError: Field "signature" is not acceptable: no public key recovers from it.
    Version: attestkit@0.1.0]
  `);
});

test("a signature that recovers the point at infinity is unrecoverable", () => {
  // With R = (h / s) G, the recovered key (s R - h G) / r is the point at infinity.
  const h = BigInt(bytesToHex(digest)) % n;
  const s = 12345n;
  const sInverse = secp256k1.Point.Fn.inv(s);
  const R = secp256k1.Point.BASE.multiply((h * sInverse) % n).toAffine();
  expect(R.x < n).toBe(true);
  const v = R.y % 2n === 0n ? "1b" : "1c";
  const signature = `0x${R.x.toString(16).padStart(64, "0")}${s.toString(16).padStart(64, "0")}${v}`;
  expect(reasonOf(signature)).toBe("unrecoverable");
});

test("the signature rules run before recovery", () => {
  const { signature } = sign(hardhat0, digest);
  expect(reasonOf(withV(signature, 29))).toBe("invalid-v");
  expect(reasonOf(`0x${"00".repeat(32)}${signature.slice(66)}`)).toBe("invalid-r");
  expect(reasonOf(`${signature.slice(0, 66)}${"00".repeat(32)}1b`)).toBe("invalid-s");
  expect(() => recoverSignerNoble({ digest, signature: signature.slice(0, -2) })).toThrow(
    InvalidSignatureLengthError,
  );
});
