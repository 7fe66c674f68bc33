import type { BitcoinPrevout } from "./bitcoinPrevout.js";
import { checkContextFreeTransaction } from "./checkContextFreeTransaction.js";
import { checkSequenceLocks } from "./checkSequenceLocks.js";
import { checkSpendTypes } from "./checkSpendTypes.js";
import { checkSpentValue } from "./checkSpentValue.js";
import { checkStandardTransaction } from "./checkStandardTransaction.js";
import { checkTransactionFinal } from "./checkTransactionFinal.js";
import { bitcoinRules } from "./constants.js";
import type { BitcoinTransactionRejectedError } from "./errors.js";
import { type DecodedTransaction, decodeRawTransaction } from "./internal/transactionCodec.js";
import { readSpentPrevouts } from "./readSpentPrevouts.js";
import { rejectTransaction } from "./rejectTransaction.js";
import { verifyTransactionWitnesses } from "./verifyTransactionWitnesses.js";

export type { BitcoinPrevout } from "./bitcoinPrevout.js";
export { formatBtc } from "./formatBtc.js";

export type ValidateTransactionParameters = {
  /** The serialized transaction, or the transaction already decoded by {@link decodeRawTransaction}. */
  raw: Uint8Array | DecodedTransaction;
  /**
   * The output an input spends: an unspent output of a block or of a mempool transaction. Undefined
   * when it does not exist or a block already spends it.
   */
  getPrevout: (txid: string, vout: number) => BitcoinPrevout | undefined;
  /** The id of the mempool transaction that already spends an output, if any. */
  getMempoolSpender: (txid: string, vout: number) => string | undefined;
  /** Height of the block the transaction would enter (the tip's height + 1). */
  nextHeight: number;
  /** Median time past, in seconds, of the block at a height (used for lock times, BIP113 and BIP68). */
  medianTimePast: (height: number) => number;
  /** Minimum fee rate in satoshis per virtual byte. Default 1. */
  minRelayFeeRate?: bigint | undefined;
  /** Blocks before a coinbase output may be spent. Default 100. */
  coinbaseMaturity?: number | undefined;
};

/** A transaction the mempool accepts, with what it spends and pays. */
export type ValidatedTransaction = DecodedTransaction & {
  /** The outputs its inputs spend, in input order. */
  prevouts: BitcoinPrevout[];
  /** Inputs minus outputs, in satoshis. */
  fee: bigint;
};

export type ValidateTransactionErrorType = BitcoinTransactionRejectedError;

/**
 * Decides whether the mempool accepts a transaction, with Bitcoin Core's checks in Core's order and
 * Core's reject reasons:
 *
 * 1. decoding (canonical serialization only);
 * 2. context-free consensus checks: inputs and outputs present, size, amounts within 21M BTC,
 *    no duplicate input, no null prevout (a coinbase cannot be broadcast);
 * 3. relay policy: version 1-3, weight <= 400,000, standard output scripts, one OP_RETURN at most,
 *    no dust, non-witness size >= 65 bytes;
 * 4. the lock time (BIP113: against the tip's median time past);
 * 5. mempool conflicts (no replacement), then missing or spent inputs;
 * 6. relative lock times (BIP68), coinbase maturity, inputs >= outputs;
 * 7. input types: only P2WPKH (native or nested in P2SH) and P2TR key-path spends are verified (the
 *    devnet's limit), no annex;
 * 8. the minimum relay fee rate;
 * 9. every witness signature ({@link verifyTransactionWitnesses}, input by input).
 *
 * Already-known transactions (mempool or chain) are the chain's business, not this function's.
 *
 * @param parameters - {@link ValidateTransactionParameters}
 * @returns The transaction with its prevouts and fee. {@link ValidatedTransaction}
 * @throws {BitcoinTransactionRejectedError} With the reason a node would give.
 */
export function validateTransaction(parameters: ValidateTransactionParameters): ValidatedTransaction {
  const {
    raw,
    getPrevout,
    getMempoolSpender,
    nextHeight,
    medianTimePast,
    minRelayFeeRate = bitcoinRules.minRelayFeeRate,
    coinbaseMaturity = bitcoinRules.coinbaseMaturity,
  } = parameters;
  // 1. Decoding.
  const decoded = raw instanceof Uint8Array ? decodeRawTransaction(raw) : raw;
  const { transaction } = decoded;
  // 2. Context-free consensus checks (CheckTransaction), then 3. relay policy (IsStandardTx).
  const totalOut = checkContextFreeTransaction(decoded);
  checkStandardTransaction(decoded);
  // 4. Lock time (IsFinalTx at the next block, BIP113 median time past of the tip).
  const tipTime = medianTimePast(nextHeight - 1);
  checkTransactionFinal({ transaction, nextHeight, tipTime });
  // 5. Conflicts with the mempool (no replacement), then inputs that do not exist or are spent.
  const prevouts = readSpentPrevouts({ inputs: transaction.inputs, getPrevout, getMempoolSpender });
  // 6. Relative lock times (BIP68, version >= 2), coinbase maturity, value in >= value out.
  checkSequenceLocks({ transaction, prevouts, nextHeight, tipTime, medianTimePast });
  const totalIn = checkSpentValue({ prevouts, totalOut, nextHeight, coinbaseMaturity });
  // 7. Input types the devnet verifies, and witness standardness (no annex).
  const witnesses = transaction.witnesses ?? transaction.inputs.map(() => []);
  checkSpendTypes({
    prevouts,
    scriptSigs: transaction.inputs.map((input) => input.finalScriptSig),
    witnesses,
  });
  // 8. Minimum relay fee.
  const fee = totalIn - totalOut;
  const minimumFee = minRelayFeeRate * BigInt(decoded.vsize);
  if (fee < minimumFee)
    rejectTransaction({ reason: "min relay fee not met", debug: `${fee} < ${minimumFee}` });
  // 9. Signatures.
  verifyTransactionWitnesses({ decoded, prevouts, witnesses });
  return { ...decoded, prevouts, fee };
}
