import { hex } from "@scure/base";
import { Address, NETWORK, p2sh, p2wpkh } from "@scure/btc-signer";
import { quoteBadRequest } from "./quoteBadRequest.js";

export type ReadBitcoinUserKeyParameters = {
  /** The quote's user on Bitcoin (a mainnet address the shared schema accepted). */
  user: string;
  /** The quote's `additionalData`, if any. */
  additionalData: { userPublicKey?: string | undefined } | undefined;
  /** Whether the key is needed: a quote's PSBT is (`POST /quote/v2`); an indicative price is not. */
  required: boolean;
};

/** A compressed secp256k1 public key in hex (66 digits, `02` or `03` first), with or without `0x`. */
const compressedKey = /^(0x)?(02|03)[0-9a-fA-F]{64}$/;

const addressCoder = Address(NETWORK);

/**
 * The redeem script a P2SH Bitcoin user's deposit is spent with, from the key the quote gives: the
 * official SDK's types say of `additionalData.userPublicKey` "if the request originates from Bitcoin
 * and the user is a P2SH address, the public key is needed to be able to generate the transaction
 * data". The devnet spends a P2SH user's outputs as P2SH-P2WPKH (BIP141's P2WPKH nested in P2SH, what
 * wallets' `3…` addresses are), so the key must be compressed and its P2SH-P2WPKH address must be the
 * user. A user of another type needs no key: one given is ignored, as it is not read.
 *
 * @param parameters - {@link ReadBitcoinUserKeyParameters}
 * @returns The P2WPKH redeem script (`0014` + the key's hash160, hex) of a P2SH user; undefined for
 * other users, and for a P2SH user without a key when none is `required`.
 * @throws DevnetApiError 400 `INVALID_REQUEST` (the SDK names no code of its own): a P2SH user without
 * `additionalData.userPublicKey` when `required`, a key that is not a compressed public key, or a key
 * whose P2SH-P2WPKH address is not the user.
 * @example
 * readBitcoinUserKey({ user: "3…", additionalData: { userPublicKey: "02…" }, required: true }) // "0014…"
 */
export function readBitcoinUserKey({
  user,
  additionalData,
  required,
}: ReadBitcoinUserKeyParameters): string | undefined {
  if (addressCoder.decode(user).type !== "sh") return undefined;
  const key = additionalData?.userPublicKey;
  if (key === undefined) {
    if (!required) return undefined;
    throw quoteBadRequest(
      "INVALID_REQUEST",
      `user ${user} is a P2SH address: the deposit's PSBT needs its public key in additionalData.userPublicKey (hex, compressed).`,
    );
  }
  if (!compressedKey.test(key))
    throw quoteBadRequest(
      "INVALID_REQUEST",
      `additionalData.userPublicKey must be a compressed secp256k1 public key (66 hex digits starting 02 or 03); got ${key.slice(0, 80)}.`,
    );
  const segwit = p2wpkh(hex.decode(key.replace(/^0x/, "").toLowerCase()), NETWORK);
  const nested = p2sh(segwit, NETWORK).address;
  if (nested !== user)
    throw quoteBadRequest(
      "INVALID_REQUEST",
      `additionalData.userPublicKey does not match user ${user}: its P2SH-P2WPKH address is ${nested} (the devnet spends P2SH users as P2SH-P2WPKH).`,
    );
  return hex.encode(segwit.script);
}
