import { secp256k1 } from "@noble/curves/secp256k1.js";
import { hex } from "@scure/base";
import { NETWORK, p2sh, p2wpkh } from "@scure/btc-signer";
import { expect, test } from "vitest";
import { bitcoinTestWallets } from "../bitcoin/bitcoinTestWallets.js";
import { DevnetApiError } from "../errors.js";
import { readBitcoinUserKey } from "./readBitcoinUserKey.js";

const [alice, bob] = bitcoinTestWallets as [(typeof bitcoinTestWallets)[0], (typeof bitcoinTestWallets)[0]];
const keyOf = (wallet: typeof alice) =>
  hex.encode(secp256k1.getPublicKey(hex.decode(wallet.privateKey), true));
const nested = (wallet: typeof alice) =>
  p2sh(p2wpkh(hex.decode(keyOf(wallet)), NETWORK), NETWORK).address as string;
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DevnetApiError) return { status: error.status, ...error.body };
    throw error;
  }
  throw new Error("expected a refusal");
};

test("default: a P2SH user's key gives the P2WPKH redeem script its address nests", () => {
  expect(
    readBitcoinUserKey({
      user: nested(alice),
      additionalData: { userPublicKey: keyOf(alice) },
      required: true,
    }),
  ).toBe(`0014${hex.encode(p2wpkh(hex.decode(keyOf(alice)), NETWORK).hash)}`);
  // 0x-prefixed and upper-case hex are the same key.
  expect(
    readBitcoinUserKey({
      user: nested(alice),
      additionalData: { userPublicKey: `0x${keyOf(alice).toUpperCase()}` },
      required: true,
    }),
  ).toBe(
    readBitcoinUserKey({
      user: nested(alice),
      additionalData: { userPublicKey: keyOf(alice) },
      required: true,
    }),
  );
});

test("a user of another type needs no key, and one given is not read", () => {
  for (const user of [alice.p2wpkhAddress, alice.p2trAddress])
    expect(
      readBitcoinUserKey({ user, additionalData: { userPublicKey: "02ab" }, required: true }),
    ).toBeUndefined();
});

test("a P2SH user without a key: refused when the PSBT needs it, not for an indicative price", () => {
  expect(
    refusal(() => readBitcoinUserKey({ user: nested(alice), additionalData: undefined, required: true })),
  ).toMatchObject({
    status: 400,
    errorCode: "INVALID_REQUEST",
  });
  expect(readBitcoinUserKey({ user: nested(alice), additionalData: {}, required: false })).toBeUndefined();
});

test("a key that is not a compressed public key, or not the user's: 400 INVALID_REQUEST saying which", () => {
  const uncompressed = hex.encode(secp256k1.getPublicKey(hex.decode(alice.privateKey), false));
  for (const userPublicKey of ["02ab", uncompressed, `04${keyOf(alice).slice(2)}`])
    expect(
      refusal(() =>
        readBitcoinUserKey({ user: nested(alice), additionalData: { userPublicKey }, required: true }),
      ),
    ).toMatchObject({ errorCode: "INVALID_REQUEST", message: expect.stringContaining("compressed") });
  expect(
    refusal(() =>
      readBitcoinUserKey({
        user: nested(alice),
        additionalData: { userPublicKey: keyOf(bob) },
        required: false,
      }),
    ),
  ).toMatchObject({ errorCode: "INVALID_REQUEST", message: expect.stringContaining(`is ${nested(bob)}`) });
});
