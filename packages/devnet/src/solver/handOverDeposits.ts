import type { Deposit } from "../state/types.js";
import type { DepositIndexerState } from "./depositIndexerTypes.js";

/**
 * Hands over deposits, each once: a deposit seen before (`txHash:logIndex`, this run or an earlier
 * one) is not handed over again.
 *
 * @param state - The indexer. {@link DepositIndexerState}
 * @param deposits - Deposits of the chain, in order (`readDepositsOfLogs`). {@link Deposit}
 * @returns The deposits given, handed over now or before.
 * @throws What `onDeposit` throws (the deposits after it are not handed over).
 * @example
 * handOverDeposits(state, await readDepositsOfLogs(state, receipt.logs))
 */
export function handOverDeposits(state: DepositIndexerState, deposits: readonly Deposit[]): Deposit[] {
  for (const deposit of deposits) {
    const key = `${deposit.txHash}:${deposit.logIndex}`;
    if (state.seen.has(key)) continue;
    state.seen.add(key);
    state.onDeposit(deposit);
  }
  return [...deposits];
}
