import { type Hex, hexToBigInt, numberToHex, pad } from "viem";
import type { DepositIndexerState, RpcDepositLog } from "./depositIndexerTypes.js";
import { handOverDeposits } from "./handOverDeposits.js";
import { readDepositsOfLogs } from "./readDepositsOfLogs.js";
import { transferTopic } from "./toTokenTransfer.js";

/**
 * One pass of a deposit indexer: reads, from the next block to the latest, the depository's logs and
 * the token transfers into it (any token), turns them into deposits (`readDepositsOfLogs`), marks the
 * blocks read, then hands the deposits over (`handOverDeposits`).
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
  const range = { fromBlock: numberToHex(from), toBlock: numberToHex(latest) };
  const [own, transfers] = (await Promise.all([
    state.request({ method: "eth_getLogs", params: [{ ...range, address: state.depository }] }),
    state.request({
      method: "eth_getLogs",
      params: [{ ...range, topics: [transferTopic, null, pad(state.depository.toLowerCase() as Hex)] }],
    }),
  ])) as [RpcDepositLog[], RpcDepositLog[]];
  const deposits = await readDepositsOfLogs(state, [...own, ...transfers]);
  state.nextBlock = latest + 1n;
  handOverDeposits(state, deposits);
}
