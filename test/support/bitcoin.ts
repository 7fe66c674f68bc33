// Builds and signs Bitcoin transactions for tests directly with @scure/btc-signer, independently of
// the devnet's own PSBT helpers, so chain tests do not depend on the code they would check.

import { secp256k1 } from "@noble/curves/secp256k1.js";
import { hex } from "@scure/base";
import { NETWORK, OutScript, p2tr, p2wpkh, Script, SigHash, Transaction, utils } from "@scure/btc-signer";
import type { BitcoinWallet } from "../../packages/devnet/src/bitcoin/deriveBitcoinWallet.js";

export type TestInput = {
  txid: string;
  vout: number;
  value: bigint;
  /** Which address of the wallet the output pays. */
  type: "p2wpkh" | "p2tr";
  /** Signing key; defaults to the wallet's. */
  wallet: BitcoinWallet;
  sequence?: number;
};

export type TestOutput = { address: string; amount: bigint } | { script: Uint8Array; amount: bigint };

/** An OP_RETURN output script pushing `data`. */
export const opReturn = (data: Uint8Array): Uint8Array => Script.encode(["RETURN", data]);

/** The output script of a wallet address. */
export function walletScript(wallet: BitcoinWallet, type: "p2wpkh" | "p2tr"): Uint8Array {
  const key = hex.decode(wallet.privateKey);
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
