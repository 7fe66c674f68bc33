import { bitcoinRules } from "./constants.js";
import type { RawTransaction } from "./internal/transactionCodec.js";
import { rejectTransaction } from "./rejectTransaction.js";

export type CheckTransactionFinalParameters = {
  transaction: RawTransaction;
  /** Height of the block the transaction would enter. */
  nextHeight: number;
  /** Median time past of the tip, in Unix seconds (BIP113). */
  tipTime: number;
};

/**
 * Bitcoin Core's `IsFinalTx` at the next block: a lock time of 0 is final; one below 500,000,000 is a
 * height, compared with the next block's height; a larger one is a time in seconds, compared with the
 * tip's median time past (BIP113). A lock time not yet reached is still final when every input's
 * sequence is `0xffffffff`.
 *
 * @param parameters - {@link CheckTransactionFinalParameters}
 * @throws {BitcoinTransactionRejectedError} `non-final`.
 * @example
 * checkTransactionFinal({ transaction, nextHeight: 102, tipTime: 1_700_000_000 })
 */
export function checkTransactionFinal({
  transaction,
  nextHeight,
  tipTime,
}: CheckTransactionFinalParameters): void {
  if (transaction.lockTime === 0) return;
  const limit = transaction.lockTime < bitcoinRules.lockTimeThreshold ? nextHeight : tipTime;
  const final =
    transaction.lockTime < limit || transaction.inputs.every((input) => input.sequence === 0xffffffff);
  if (!final) rejectTransaction({ reason: "non-final", debug: `lock time ${transaction.lockTime}` });
}
