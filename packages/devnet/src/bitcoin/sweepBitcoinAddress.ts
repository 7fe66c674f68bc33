import { Transaction } from "@scure/btc-signer";
import { toOutputScript } from "attestkit/chains";
import type { BitcoinChain } from "./createBitcoinChain.js";
import type { BitcoinWallet } from "./deriveBitcoinWallet.js";
import { estimateDepositFee } from "./estimateDepositFee.js";
import { finalizePsbt } from "./finalizePsbt.js";
import { signPsbt } from "./signPsbt.js";

/** The least output a P2WPKH spend may make (Bitcoin Core's dust threshold at 3 sat/vB), satoshis. */
const dustThreshold = 294n;

export type SweepBitcoinAddressParameters = {
  chain: BitcoinChain;
  /** The wallet whose P2WPKH address is swept. */
  wallet: BitcoinWallet;
  /** Where everything goes: any standard mainnet address. */
  to: string;
};

/** The sweep broadcast: its txid, what it paid `to` and its fee (satoshis); undefined when nothing was swept. */
export type SweepBitcoinAddressReturnType = { txid: string; amount: bigint; fee: bigint } | undefined;

/**
 * Moves every confirmed output of a wallet's P2WPKH address to another address in one real, signed
 * segwit transaction (all inputs, one output, the fee at the chain's rate), broadcast to the mempool:
 * how the solver takes a deposit address's coins into its own wallet once it credited them, as the
 * live solver sweeps its deposit addresses. Nothing is sent when the address holds no confirmed
 * output, or too little to pay more than the fee and the dust threshold (294 sat).
 *
 * @param parameters - {@link SweepBitcoinAddressParameters}
 * @returns The sweep, or undefined. {@link SweepBitcoinAddressReturnType}
 * @throws {BitcoinTransactionRejectedError} When the mempool refuses the transaction.
 * @example
 * sweepBitcoinAddress({ chain, wallet: depositWallet, to: solverWallet.p2wpkhAddress })
 */
export function sweepBitcoinAddress({
  chain,
  wallet,
  to,
}: SweepBitcoinAddressParameters): SweepBitcoinAddressReturnType {
  const utxos = chain.getUtxos(wallet.p2wpkhAddress).filter((utxo) => utxo.status.confirmed);
  if (utxos.length === 0) return undefined;
  const script = toOutputScript({ address: to });
  const { fee } = estimateDepositFee({
    inputs: utxos.map(() => ({ type: "v0_p2wpkh" as const })),
    outputs: [script],
    feeRate: chain.feeRate,
  });
  const amount = utxos.reduce((sum, utxo) => sum + utxo.value, 0n) - fee;
  if (amount < dustThreshold) return undefined;
  const tx = new Transaction();
  for (const utxo of utxos)
    tx.addInput({
      txid: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script: utxo.script, amount: utxo.value },
    });
  tx.addOutput({ script, amount });
  const signed = signPsbt({ psbt: tx.toPSBT(), privateKey: wallet.privateKey }).psbt;
  const { txid } = chain.broadcast(finalizePsbt({ psbt: signed }).transaction);
  return { txid, amount, fee };
}
