import type { BitcoinPrevout } from "./bitcoinPrevout.js";
import { formatBtc } from "./formatBtc.js";
import { rejectTransaction } from "./rejectTransaction.js";

export type CheckSpentValueParameters = {
  /** The outputs the inputs spend, in input order. */
  prevouts: readonly BitcoinPrevout[];
  /** The sum of the transaction's outputs, in satoshis. */
  totalOut: bigint;
  /** Height of the block the transaction would enter. */
  nextHeight: number;
  /** Blocks before a coinbase output may be spent (100 on Bitcoin). */
  coinbaseMaturity: number;
};

/**
 * The input checks of Bitcoin Core's `CheckTxInputs`: no coinbase output spent before it matures
 * (`coinbaseMaturity` blocks deep at the next block), and the value in at least the value out.
 *
 * @param parameters - {@link CheckSpentValueParameters}
 * @returns The sum of the spent outputs, in satoshis.
 * @throws {BitcoinTransactionRejectedError} `bad-txns-premature-spend-of-coinbase` or
 * `bad-txns-in-belowout`.
 * @example
 * const totalIn = checkSpentValue({ prevouts, totalOut, nextHeight, coinbaseMaturity: 100 })
 */
export function checkSpentValue({
  prevouts,
  totalOut,
  nextHeight,
  coinbaseMaturity,
}: CheckSpentValueParameters): bigint {
  let totalIn = 0n;
  prevouts.forEach((prevout, inputIndex) => {
    if (prevout.coinbase && prevout.height !== undefined && nextHeight - prevout.height < coinbaseMaturity)
      rejectTransaction({
        reason: "bad-txns-premature-spend-of-coinbase",
        inputIndex,
        debug: `tried to spend coinbase at depth ${nextHeight - prevout.height}`,
      });
    totalIn += prevout.value;
  });
  if (totalIn < totalOut)
    rejectTransaction({
      reason: "bad-txns-in-belowout",
      debug: `value in (${formatBtc(totalIn)}) < value out (${formatBtc(totalOut)})`,
    });
  return totalIn;
}
