// Builds and signs Bitcoin transactions for tests directly with @scure/btc-signer, independently of
// the devnet's own PSBT helpers, so chain tests do not depend on the code they would check.

import { secp256k1 } from "@noble/curves/secp256k1.js";
import { hex } from "@scure/base";
import {
  NETWORK,
  OutScript,
  p2sh,
  p2tr,
  p2wpkh,
  Script,
  SigHash,
  Transaction,
  utils,
} from "@scure/btc-signer";
import type { BitcoinWallet } from "../../packages/devnet/src/bitcoin/deriveBitcoinWallet.js";

export type TestInput = {
  txid: string;
  vout: number;
  value: bigint;
  /** Which address of the wallet the output pays (P2SH-P2WPKH: the key's P2WPKH nested in P2SH). */
  type: TestAddressType;
  /** Signing key; defaults to the wallet's. */
  wallet: BitcoinWallet;
  sequence?: number;
};

export type TestOutput = { address: string; amount: bigint } | { script: Uint8Array; amount: bigint };

/** An OP_RETURN output script pushing `data`. */
export const opReturn = (data: Uint8Array): Uint8Array => Script.encode(["RETURN", data]);

/** The kinds of address a test spends from. */
export type TestAddressType = "p2wpkh" | "p2tr" | "p2sh-p2wpkh";

/** The P2WPKH redeem script a wallet's P2SH-P2WPKH address nests. */
export function walletRedeemScript(wallet: BitcoinWallet): Uint8Array {
  return p2wpkh(secp256k1.getPublicKey(hex.decode(wallet.privateKey), true), NETWORK).script;
}

/** The output script of a wallet address. */
export function walletScript(wallet: BitcoinWallet, type: TestAddressType): Uint8Array {
  const key = hex.decode(wallet.privateKey);
  if (type === "p2sh-p2wpkh") return p2sh(p2wpkh(secp256k1.getPublicKey(key, true), NETWORK), NETWORK).script;
  return type === "p2wpkh"
    ? p2wpkh(secp256k1.getPublicKey(key, true), NETWORK).script
    : p2tr(utils.pubSchnorr(key), undefined, NETWORK).script;
}

/** Builds, signs (SIGHASH_ALL / DEFAULT unless told) and finalizes a transaction. */
export function signTransaction({
  inputs,
  outputs,
  version = 2,
  lockTime = 0,
  sighash,
}: {
  inputs: readonly TestInput[];
  outputs: readonly TestOutput[];
  version?: number;
  lockTime?: number;
  sighash?: number;
}): { hex: string; txid: string; raw: Uint8Array; vsize: number } {
  const tx = new Transaction({ version, lockTime, allowUnknownOutputs: true, allowUnknownVersion: true });
  for (const input of inputs) {
    const key = hex.decode(input.wallet.privateKey);
    tx.addInput({
      txid: input.txid,
      index: input.vout,
      witnessUtxo: { script: walletScript(input.wallet, input.type), amount: input.value },
      ...(input.type === "p2tr" ? { tapInternalKey: utils.pubSchnorr(key) } : {}),
      ...(input.type === "p2sh-p2wpkh" ? { redeemScript: walletRedeemScript(input.wallet) } : {}),
      ...(input.sequence !== undefined ? { sequence: input.sequence } : {}),
      ...(sighash !== undefined ? { sighashType: sighash } : {}),
    });
  }
  for (const output of outputs) {
    if ("address" in output) tx.addOutputAddress(output.address, output.amount, NETWORK);
    else tx.addOutput({ script: output.script, amount: output.amount });
  }
  inputs.forEach((input, i) => {
    tx.signIdx(hex.decode(input.wallet.privateKey), i, sighash !== undefined ? [sighash] : undefined);
  });
  tx.finalize();
  return { hex: tx.hex, txid: tx.id, raw: tx.extract(), vsize: tx.vsize };
}

export { OutScript, SigHash };
