import { type Hex, hexToBigInt } from "viem";
import type { DepositAddressWatcherState, WatchedDepositAddress } from "./depositAddressTypes.js";
import { readNativeDepositTransfers } from "./readNativeDepositTransfers.js";
import { readTokenDepositTransfers } from "./readTokenDepositTransfers.js";
import { sweepDepositAddress } from "./sweepDepositAddress.js";

/**
 * One pass of a deposit-address watcher: reads the blocks mined since the last pass for native and
 * token transfers into watched addresses, reports each transfer not seen before (`onTransfer`: the
 * request moves to `depositing`), then sweeps each address that received one, once. Nothing is read
 * while no address is watched.
 *
 * @param state - The watcher. {@link DepositAddressWatcherState}
 * @throws What the chain's reads, a listener or a sweep throw (the pass stops there).
 * @example
 * await scanDepositAddressesOnce(state)
 */
export async function scanDepositAddressesOnce(state: DepositAddressWatcherState): Promise<void> {
  const { request, watched, tokens, nextBlock } = state;
  if (nextBlock === undefined || watched.size === 0) return;
  const latest = hexToBigInt((await request({ method: "eth_blockNumber" })) as Hex);
  if (latest < nextBlock) return;
  const range = { request, watched, fromBlock: nextBlock, toBlock: latest };
  const transfers = [
    ...(await readNativeDepositTransfers(range)),
    ...(await readTokenDepositTransfers({ ...range, tokens })),
  ];
  state.nextBlock = latest + 1n;
  const toSweep = new Map<string, WatchedDepositAddress>();
  for (const transfer of transfers) {
    const key = `${transfer.txHash}:${transfer.watched.address}:${transfer.currency}`.toLowerCase();
    if (state.seen.has(key)) continue;
    state.seen.add(key);
    state.onTransfer(transfer);
    toSweep.set(transfer.watched.address.toLowerCase(), transfer.watched);
  }
  for (const entry of toSweep.values())
    await sweepDepositAddress({
      sender: state.sender,
      factory: state.factory,
      tokens,
      entry,
      log: state.log,
    });
}
