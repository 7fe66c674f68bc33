import type { BitcoinPrevout } from "./bitcoinPrevout.js";
import { bitcoinRules } from "./constants.js";
import type { RawTransaction } from "./internal/transactionCodec.js";
import { rejectTransaction } from "./rejectTransaction.js";

export type CheckSequenceLocksParameters = {
  transaction: RawTransaction;
  /** The outputs its inputs spend, in input order. */
  prevouts: readonly BitcoinPrevout[];
  /** Height of the block the transaction would enter. */
  nextHeight: number;
  /** Median time past of the tip, in Unix seconds. */
  tipTime: number;
  /** Median time past, in Unix seconds, of the block at a height. */
  medianTimePast: (height: number) => number;
};

/**
 * The relative lock times of BIP68 (transactions of version 2 and up), as Bitcoin Core's
 * `SequenceLocks`: an input whose sequence has the disable flag is free; otherwise its masked value
 * counts blocks since the spent output's block (a mempool output counts from the next block), or,
 * with the type flag, units of 512 seconds since the median time past of the block before it.
 *
 * @param parameters - {@link CheckSequenceLocksParameters}
 * @throws {BitcoinTransactionRejectedError} `non-BIP68-final`.
 * @example
 * checkSequenceLocks({ transaction, prevouts, nextHeight, tipTime, medianTimePast })
 */
export function checkSequenceLocks({
  transaction,
  prevouts,
  nextHeight,
  tipTime,
  medianTimePast,
}: CheckSequenceLocksParameters): void {
  if (transaction.version < 2) return;
  transaction.inputs.forEach((input, inputIndex) => {
    if (input.sequence & bitcoinRules.sequenceLockTimeDisableFlag) return;
    const coinHeight = prevouts[inputIndex]?.height ?? nextHeight;
    const value = input.sequence & bitcoinRules.sequenceLockTimeMask;
    const ready =
      input.sequence & bitcoinRules.sequenceLockTimeTypeFlag
        ? medianTimePast(Math.max(coinHeight - 1, 0)) + value * 512 - 1 < tipTime
        : coinHeight + value - 1 < nextHeight;
    if (!ready)
      rejectTransaction({ reason: "non-BIP68-final", inputIndex, debug: `sequence ${input.sequence}` });
  });
}
