import { type Hex, hexToBigInt, numberToHex } from "viem";
import type { DepositIndexerState, RpcDepositLog } from "./depositIndexerTypes.js";
import { handOverDeposits } from "./handOverDeposits.js";

/**
 * One pass of a deposit indexer: reads the depository's logs from the next block to the latest, marks
 * them read, then hands over their deposits (`handOverDeposits`).
 *
 * @param state - The indexer. {@link DepositIndexerState}
 * @throws What the chain's reads or `onDeposit` throw.
 * @example
 * await scanDepositsOnce(state)
 */
export async function scanDepositsOnce(state: DepositIndexerState): Promise<void> {
  const latest = hexToBigInt((await state.request({ method: "eth_blockNumber" })) as Hex);
  const from = state.nextBlock ?? 0n;
  if (latest < from) return;
  const logs = (await state.request({
    method: "eth_getLogs",
    params: [{ address: state.depository, fromBlock: numberToHex(from), toBlock: numberToHex(latest) }],
  })) as RpcDepositLog[];
  state.nextBlock = latest + 1n;
  handOverDeposits(state, logs);
}
