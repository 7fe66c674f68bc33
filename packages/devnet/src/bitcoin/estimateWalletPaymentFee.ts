import { buildDepositPsbt } from "./buildDepositPsbt.js";
import type { PayFromBitcoinWalletParameters } from "./payFromBitcoinWallet.js";

export type EstimateWalletPaymentFeeParameters = PayFromBitcoinWalletParameters;

/**
 * The network fee, in satoshis, of the payment `payFromBitcoinWallet` would make now with the same
 * parameters: the same inputs chosen from the wallet's unspent outputs, the same outputs, at the
 * chain's fee rate (change too small to keep included). Nothing is signed or broadcast.
 *
 * @param parameters - {@link EstimateWalletPaymentFeeParameters}
 * @returns The fee, satoshis.
 * @throws {InsufficientBitcoinFundsError} When the wallet cannot cover amount and fee.
 * @example
 * const fee = estimateWalletPaymentFee({ chain, wallet: bitcoinSolverWallet, to, amount: 50_000n, requestId })
 */
export function estimateWalletPaymentFee({
  chain,
  wallet,
  to,
  amount,
  requestId,
}: EstimateWalletPaymentFeeParameters): bigint {
  const utxos = chain
    .getUtxos(wallet.p2wpkhAddress)
    .map(({ txid, vout, value, script }) => ({ txid, vout, value, script }));
  return buildDepositPsbt({
    utxos,
    depositAddress: to,
    amount,
    requestId,
    changeAddress: wallet.p2wpkhAddress,
    feeRate: chain.feeRate,
  }).fee;
}
