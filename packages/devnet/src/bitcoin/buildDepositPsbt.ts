import { hex } from "@scure/base";
import { Transaction } from "@scure/btc-signer";
import { devnetBitcoinFeeRate } from "./constants.js";
import type { InsufficientBitcoinFundsError, InvalidBitcoinParameterError } from "./errors.js";
import { orderDepositUtxos } from "./orderDepositUtxos.js";
import { readDepositOutputs } from "./readDepositOutputs.js";
import type { DepositPsbtUtxo } from "./readDepositUtxo.js";
import { selectDepositInputs } from "./selectDepositInputs.js";

export type { DepositPsbtUtxo } from "./readDepositUtxo.js";

export type BuildDepositPsbtParameters = {
  /** Outputs the user can spend; the builder takes the largest first until amount and fee are covered. */
  utxos: readonly DepositPsbtUtxo[];
  /** The solver's deposit address (any standard mainnet address). */
  depositAddress: string;
  /** Satoshis to pay the deposit address. */
  amount: bigint;
  /** The request the deposit is for: 0x and 64 hex digits, carried by an OP_RETURN output. */
  requestId: string;
  /** Where the change goes (usually the user's address). */
  changeAddress: string;
  /** Fee rate in satoshis per virtual byte. Default the devnet's fixed rate (2). */
  feeRate?: bigint | undefined;
};

export type BuildDepositPsbtReturnType = {
  /** The unsigned PSBT (BIP174 v0), hex, as a quote step's `data.psbt` carries it. */
  psbt: string;
  /** The fee paid, in satoshis (the estimate at `feeRate`, plus any change too small to keep). */
  fee: bigint;
  /** Satoshis returned to `changeAddress`, 0n when no change output was worth making. */
  change: bigint;
  /** The estimated virtual size once signed (signatures counted at their largest). */
  vsize: number;
  /** The outputs spent, in input order. */
  inputs: { txid: string; vout: number; value: bigint }[];
  /** Output order: 0 pays the deposit, 1 binds the request, 2 (if any) is the change. */
  depositOutputIndex: 0;
  bindingOutputIndex: 1;
};

export type BuildDepositPsbtErrorType = InvalidBitcoinParameterError | InsufficientBitcoinFundsError;

/**
 * Builds the unsigned PSBT of a Bitcoin deposit, as a quote from Bitcoin returns it: inputs from the
 * user's outputs (P2WPKH, P2TR and P2SH-P2WPKH, each with its `witnessUtxo`, a P2SH one with its
 * `redeemScript`), an output paying `amount` to the
 * deposit address, an OP_RETURN output binding the request id, and the change back to the user, at a
 * fixed fee rate. Signatures with SIGHASH_ALL (or DEFAULT) commit to every output, so the binding
 * cannot be removed without invalidating the transaction.
 *
 * Selection is deterministic: largest outputs first (ties by txid and vout), until the amount and the
 * fee are covered; change below its dust threshold is left to the fee instead.
 *
 * @param parameters - {@link BuildDepositPsbtParameters}
 * @returns The PSBT and what it spends and pays. {@link BuildDepositPsbtReturnType}
 * @throws {InvalidBitcoinParameterError} For a malformed amount, request id, address or output.
 * @throws {InsufficientBitcoinFundsError} When the outputs cannot cover amount and fee.
 * @example
 * const { psbt } = buildDepositPsbt({ utxos, depositAddress, amount: 100_000n, requestId, changeAddress: user })
 */
export function buildDepositPsbt(parameters: BuildDepositPsbtParameters): BuildDepositPsbtReturnType {
  const {
    utxos,
    depositAddress,
    amount,
    requestId,
    changeAddress,
    feeRate = devnetBitcoinFeeRate,
  } = parameters;
  const outputs = readDepositOutputs({ amount, feeRate, depositAddress, requestId, changeAddress });
  const candidates = orderDepositUtxos(utxos);
  const { inputs, vsize, fee, change } = selectDepositInputs({ candidates, amount, feeRate, outputs });

  const tx = new Transaction({ allowUnknownOutputs: true });
  for (const input of inputs)
    tx.addInput({
      txid: input.txid,
      index: input.vout,
      witnessUtxo: { script: input.script, amount: input.value },
      ...(input.tapInternalKey ? { tapInternalKey: hex.decode(input.tapInternalKey) } : {}),
      // P2SH-P2WPKH: the signer needs the redeem script (BIP174 PSBT_IN_REDEEM_SCRIPT).
      ...(input.redeemScript ? { redeemScript: input.redeemScript } : {}),
    });
  tx.addOutput({ script: outputs.depositScript, amount });
  tx.addOutput({ script: outputs.bindingScript, amount: 0n });
  if (change > 0n) tx.addOutput({ script: outputs.changeScript, amount: change });
  return {
    psbt: hex.encode(tx.toPSBT()),
    fee,
    change,
    vsize,
    inputs: inputs.map(({ txid, vout, value }) => ({ txid, vout, value })),
    depositOutputIndex: 0,
    bindingOutputIndex: 1,
  };
}
