import { schnorr, secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { hex, utf8 } from "@scure/base";
import { expect, test } from "vitest";
import { decodeBitcoinAddress } from "../../../attestkit/src/chains/bitcoin/decodeBitcoinAddress.js";
import { bitcoinMinerWallet, bitcoinSolverWallet, bitcoinTestWallets } from "./bitcoinTestWallets.js";
import { deriveBitcoinWallet, toPrivateKeyBytes } from "./deriveBitcoinWallet.js";
import { InvalidBitcoinPrivateKeyError } from "./errors.js";

const one = `${"00".repeat(31)}01`;

test("default: the key 1 gives BIP173's example address and its well-known WIF", () => {
  expect(deriveBitcoinWallet({ privateKey: one })).toMatchObject({
    privateKey: one,
    wif: "KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn",
    publicKey: "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
    p2wpkhAddress: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    taprootInternalKey: "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
  });
});

test("the P2TR address commits to the BIP341 tweak of the internal key (computed with noble only)", () => {
  for (const wallet of [deriveBitcoinWallet({ privateKey: one }), ...bitcoinTestWallets]) {
    const internal = hex.decode(wallet.taprootInternalKey);
    const tweak = schnorr.utils.taggedHash("TapTweak", internal);
    const P = schnorr.utils.lift_x(BigInt(`0x${wallet.taprootInternalKey}`));
    const Q = P.add(secp256k1.Point.BASE.multiply(BigInt(`0x${hex.encode(tweak)}`)));
    const outputKey = Q.toBytes(true).subarray(1);
    const decoded = decodeBitcoinAddress({ address: wallet.p2trAddress });
    expect(decoded.type).toBe("p2tr");
    expect(hex.encode(decoded.program)).toBe(hex.encode(outputKey));
  }
});

test("the listed test wallets and miner are derived from their documented seeds", () => {
  expect(bitcoinTestWallets).toHaveLength(10);
  bitcoinTestWallets.forEach((wallet, i) => {
    const seed = `attestkit devnet bitcoin wallet ${i} (test key, never fund on a real chain)`;
    const privateKey = hex.encode(sha256(utf8.decode(seed)));
    expect(wallet).toEqual(deriveBitcoinWallet({ privateKey }));
  });
  const minerSeed = "attestkit devnet bitcoin miner (test key, never fund on a real chain)";
  expect(bitcoinMinerWallet).toEqual(deriveBitcoinWallet({ privateKey: sha256(utf8.decode(minerSeed)) }));
  const solverSeed = "attestkit devnet bitcoin solver (test key, never fund on a real chain)";
  expect(bitcoinSolverWallet).toEqual(deriveBitcoinWallet({ privateKey: sha256(utf8.decode(solverSeed)) }));
  expect(new Set(bitcoinTestWallets.map((wallet) => wallet.privateKey)).size).toBe(10);
});

test("accepts 0x-prefixed, upper-case hex and bytes alike", () => {
  const wallet = bitcoinTestWallets[0] as (typeof bitcoinTestWallets)[number];
  expect(deriveBitcoinWallet({ privateKey: `0x${wallet.privateKey.toUpperCase()}` })).toEqual(wallet);
  expect(deriveBitcoinWallet({ privateKey: hex.decode(wallet.privateKey) })).toEqual(wallet);
});

test("refuses keys outside 1..n-1 and malformed input", () => {
  const n = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";
  const nMinusOne = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140";
  expect(deriveBitcoinWallet({ privateKey: nMinusOne }).privateKey).toBe(nMinusOne);
  for (const privateKey of ["00".repeat(32), n, "ff".repeat(32), "01", `${one}00`, "zz".repeat(32), ""])
    expect(() => deriveBitcoinWallet({ privateKey })).toThrow(InvalidBitcoinPrivateKeyError);
  expect(() => toPrivateKeyBytes(new Uint8Array(31), "signer")).toThrowErrorMatchingInlineSnapshot(`
    [InvalidBitcoinPrivateKeyError: Field "signer" is not a secp256k1 private key.

    Pass 32 bytes, or 64 hex digits (an optional 0x prefix is allowed), in 1..n-1.
    Version: attestkit@0.1.0]
  `);
});
