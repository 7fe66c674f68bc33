import { buildDepositPsbt } from "./buildDepositPsbt.js";
import type { BitcoinChain } from "./createBitcoinChain.js";
import type { BitcoinWallet } from "./deriveBitcoinWallet.js";
import { finalizePsbt } from "./finalizePsbt.js";
import { signPsbt } from "./signPsbt.js";

export type PayFromBitcoinWalletParameters = {
  chain: BitcoinChain;
  /** The paying wallet: its P2WPKH outputs are spent and its change comes back to that address. */
  wallet: BitcoinWallet;
  /** Any standard mainnet address (bech32 P2WPKH, P2WSH, P2TR, or base58). */
  to: string;
  /** Satoshis. */
  amount: bigint;
  /** The request the payment is for, bound by the same OP_RETURN output as a deposit. */
  requestId: string;
};

export type PayFromBitcoinWalletReturnType = { txid: string; fee: bigint };

/**
 * Pays from a wallet of the devnet's Bitcoin chain with a real, signed segwit transaction: the
 * wallet's unspent P2WPKH outputs (mempool change included), an output paying `to`, the request-id
 * binding (`OP_RETURN <32 bytes>`, as deposits carry it), the change back; broadcast to the mempool.
 * The solver's fills to Bitcoin and its refunds of Bitcoin deposits go this way.
 *
 * @param parameters - {@link PayFromBitcoinWalletParameters}
 * @returns The txid and the fee. {@link PayFromBitcoinWalletReturnType}
 * @throws {InsufficientBitcoinFundsError} When the wallet cannot cover amount and fee.
 * @throws {BitcoinTransactionRejectedError} When the mempool refuses the transaction (e.g. dust).
 * @example
 * const { txid } = payFromBitcoinWallet({ chain, wallet: bitcoinSolverWallet, to, amount: 50_000n, requestId })
 */
export function payFromBitcoinWallet({
  chain,
  wallet,
  to,
  amount,
  requestId,
}: PayFromBitcoinWalletParameters): PayFromBitcoinWalletReturnType {
  const utxos = chain
    .getUtxos(wallet.p2wpkhAddress)
    .map(({ txid, vout, value, script }) => ({ txid, vout, value, script }));
  const { psbt, fee } = buildDepositPsbt({
    utxos,
    depositAddress: to,
    amount,
    requestId,
    changeAddress: wallet.p2wpkhAddress,
    feeRate: chain.feeRate,
  });
  const { transaction } = finalizePsbt({ psbt: signPsbt({ psbt, privateKey: wallet.privateKey }).psbt });
  const { txid } = chain.broadcast(transaction);
  return { txid, fee };
}
