import { secp256k1 } from "@noble/curves/secp256k1.js";
import { base64, hex } from "@scure/base";
import { NETWORK, p2sh, p2tr, p2wpkh, SigHash, Transaction, utils } from "@scure/btc-signer";
import { toPrivateKeyBytes } from "./deriveBitcoinWallet.js";
import {
  BitcoinPsbtError,
  type BitcoinPsbtErrorType,
  type InvalidBitcoinPrivateKeyErrorType,
} from "./errors.js";

export type SignPsbtParameters = {
  /** The PSBT: hex (as quote steps carry it), base64 (as wallets exchange it) or bytes. */
  psbt: string | Uint8Array;
  /** The signing key: 32 bytes or 64 hex digits. */
  privateKey: string | Uint8Array;
};

export type SignPsbtReturnType = {
  /** The PSBT with the signatures added, hex. */
  psbt: string;
  /** The same, base64. */
  psbtBase64: string;
  /** Indexes of the inputs signed. */
  signedInputs: number[];
};

export type SignPsbtErrorType = BitcoinPsbtErrorType | InvalidBitcoinPrivateKeyErrorType;

/**
 * Reads a PSBT given as hex, base64 or bytes.
 *
 * @param psbt - The PSBT.
 * @returns The parsed transaction (OP_RETURN outputs allowed).
 * @throws {BitcoinPsbtError} `invalid-psbt`.
 */
export function readPsbt(psbt: string | Uint8Array): Transaction {
  let bytes: Uint8Array;
  try {
    if (psbt instanceof Uint8Array) bytes = psbt;
    else if (typeof psbt === "string" && /^70736274ff([0-9a-fA-F]{2})*$/i.test(psbt.trim()))
      bytes = hex.decode(psbt.trim().toLowerCase());
    else if (typeof psbt === "string") bytes = base64.decode(psbt.trim());
    else throw new TypeError("not a string or bytes");
    return Transaction.fromPSBT(bytes, { allowUnknownOutputs: true });
  } catch (error) {
    throw new BitcoinPsbtError({ reason: "invalid-psbt", cause: error });
  }
}

/**
 * Signs every input of a PSBT that a private key owns, as a wallet would: P2WPKH inputs paying the
 * key's public-key hash, native or nested in P2SH (ECDSA, BIP143, SIGHASH_ALL), and P2TR key-path
 * inputs paying the key's BIP86 output key (Schnorr, BIP341, SIGHASH_DEFAULT), adding
 * `tapInternalKey` or the P2SH input's `redeemScript` where the PSBT lacks it.
 * Inputs of other keys are left alone. A PSBT asking for another signature hash type (NONE, SINGLE,
 * ANYONECANPAY, which would let outputs such as the request binding be changed) is refused.
 *
 * @param parameters - {@link SignPsbtParameters}
 * @returns The signed PSBT and the inputs signed. {@link SignPsbtReturnType}
 * @throws {BitcoinPsbtError} `invalid-psbt`, `no-owned-input`, `sighash-not-allowed`, `signing-failed`.
 * @example
 * const { psbt } = signPsbt({ psbt: step.items[0].data.psbt, privateKey: wallet.privateKey })
 */
export function signPsbt({ psbt, privateKey }: SignPsbtParameters): SignPsbtReturnType {
  const key = toPrivateKeyBytes(privateKey);
  const tx = readPsbt(psbt);
  const internalKey = utils.pubSchnorr(key);
  const segwit = p2wpkh(secp256k1.getPublicKey(key, true), NETWORK);
  const segwitScript = hex.encode(segwit.script);
  const nestedScript = hex.encode(p2sh(segwit, NETWORK).script);
  const taprootScript = hex.encode(p2tr(internalKey, undefined, NETWORK).script);
  const signedInputs: number[] = [];
  for (let index = 0; index < tx.inputsLength; index++) {
    const input = tx.getInput(index);
    const script = input.witnessUtxo ? hex.encode(input.witnessUtxo.script) : undefined;
    const kind =
      script === segwitScript
        ? "p2wpkh"
        : script === nestedScript
          ? "p2sh-p2wpkh"
          : script === taprootScript
            ? "p2tr"
            : undefined;
    if (!kind) continue;
    const allowed: number[] = kind === "p2tr" ? [SigHash.DEFAULT, SigHash.ALL] : [SigHash.ALL];
    if (input.sighashType !== undefined && !allowed.includes(input.sighashType))
      throw new BitcoinPsbtError({ reason: "sighash-not-allowed", inputIndex: index });
    try {
      if (kind === "p2tr" && !input.tapInternalKey) tx.updateInput(index, { tapInternalKey: internalKey });
      if (kind === "p2sh-p2wpkh" && !input.redeemScript)
        tx.updateInput(index, { redeemScript: segwit.script });
      tx.signIdx(key, index, allowed as (typeof SigHash)[keyof typeof SigHash][]);
    } catch (error) {
      throw new BitcoinPsbtError({ reason: "signing-failed", inputIndex: index, cause: error });
    }
    signedInputs.push(index);
  }
  if (signedInputs.length === 0) throw new BitcoinPsbtError({ reason: "no-owned-input" });
  const bytes = tx.toPSBT();
  return { psbt: hex.encode(bytes), psbtBase64: base64.encode(bytes), signedInputs };
}
