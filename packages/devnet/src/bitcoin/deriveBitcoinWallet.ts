import { secp256k1 } from "@noble/curves/secp256k1.js";
import { hex } from "@scure/base";
import { NETWORK, p2tr, p2wpkh, utils, WIF } from "@scure/btc-signer";
import { InvalidBitcoinPrivateKeyError, type InvalidBitcoinPrivateKeyErrorType } from "./errors.js";

/** One key and the two addresses it spends: segwit v0 (P2WPKH) and taproot key path (P2TR, BIP86). */
export type BitcoinWallet = {
  /** The private key, 64 hex digits. */
  privateKey: string;
  /** The private key in mainnet compressed WIF, for wallets and `bitcoin-cli importprivkey`. */
  wif: string;
  /** The compressed public key, 66 hex digits. */
  publicKey: string;
  /** The P2WPKH address (`bc1q…`). */
  p2wpkhAddress: string;
  /** The P2TR address (`bc1p…`) of the key with no script tree. */
  p2trAddress: string;
  /** The x-only internal key of the P2TR address, 64 hex digits (PSBT `tapInternalKey`). */
  taprootInternalKey: string;
};

export type DeriveBitcoinWalletParameters = {
  /** 32 bytes, or 64 hex digits with an optional `0x`. */
  privateKey: string | Uint8Array;
};

export type DeriveBitcoinWalletReturnType = BitcoinWallet;

export type DeriveBitcoinWalletErrorType = InvalidBitcoinPrivateKeyErrorType;

/**
 * Derives the public key and the mainnet P2WPKH and P2TR addresses of a private key.
 *
 * @param parameters - {@link DeriveBitcoinWalletParameters}
 * @returns The wallet. {@link DeriveBitcoinWalletReturnType}
 * @example
 * deriveBitcoinWallet({ privateKey: "01".repeat(32) }).p2wpkhAddress // "bc1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw"
 */
export function deriveBitcoinWallet({
  privateKey,
}: DeriveBitcoinWalletParameters): DeriveBitcoinWalletReturnType {
  const key = toPrivateKeyBytes(privateKey);
  const publicKey = secp256k1.getPublicKey(key, true);
  const internalKey = utils.pubSchnorr(key);
  const segwit = p2wpkh(publicKey, NETWORK);
  const taproot = p2tr(internalKey, undefined, NETWORK);
  if (!segwit.address || !taproot.address) throw new InvalidBitcoinPrivateKeyError();
  return {
    privateKey: hex.encode(key),
    wif: WIF(NETWORK).encode(key),
    publicKey: hex.encode(publicKey),
    p2wpkhAddress: segwit.address,
    p2trAddress: taproot.address,
    taprootInternalKey: hex.encode(internalKey),
  };
}

/**
 * Reads a private key given as bytes or hex, refusing anything that is not a valid secp256k1 scalar.
 *
 * @param privateKey - 32 bytes, or 64 hex digits with an optional `0x`.
 * @param field - The parameter name shown in the error.
 * @returns The 32 key bytes.
 */
export function toPrivateKeyBytes(privateKey: string | Uint8Array, field = "privateKey"): Uint8Array {
  let bytes: Uint8Array;
  if (typeof privateKey === "string") {
    const digits = privateKey.startsWith("0x") ? privateKey.slice(2) : privateKey;
    if (!/^[0-9a-fA-F]{64}$/.test(digits)) throw new InvalidBitcoinPrivateKeyError({ field });
    bytes = hex.decode(digits.toLowerCase());
  } else if (privateKey instanceof Uint8Array && privateKey.length === 32) {
    bytes = Uint8Array.from(privateKey);
  } else {
    throw new InvalidBitcoinPrivateKeyError({ field });
  }
  if (!secp256k1.utils.isValidSecretKey(bytes)) throw new InvalidBitcoinPrivateKeyError({ field });
  return bytes;
}
