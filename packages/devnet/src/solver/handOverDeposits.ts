import type { Deposit } from "../state/types.js";
import type { DepositIndexerState, RpcDepositLog } from "./depositIndexerTypes.js";
import { toDepositFromLog } from "./toDepositFromLog.js";

/**
 * Hands over the deposits among logs, each once: a deposit seen before (`txHash:logIndex`, this run
 * or an earlier one) is returned but not handed over again.
 *
 * @param state - The indexer. {@link DepositIndexerState}
 * @param logs - Logs of the chain, in order. {@link RpcDepositLog}
 * @returns Every deposit the logs record, handed over now or before. {@link Deposit}
 * @throws What `onDeposit` throws (the deposits after it are not handed over).
 * @example
 * handOverDeposits(state, receipt.logs)
 */
export function handOverDeposits(state: DepositIndexerState, logs: readonly RpcDepositLog[]): Deposit[] {
  const found: Deposit[] = [];
  for (const entry of logs) {
    const deposit = toDepositFromLog(entry, state.chainId, state.depository);
    if (!deposit) continue;
    found.push(deposit);
    const key = `${deposit.txHash}:${deposit.logIndex}`;
    if (state.seen.has(key)) continue;
    state.seen.add(key);
    state.onDeposit(deposit);
  }
  return found;
}
