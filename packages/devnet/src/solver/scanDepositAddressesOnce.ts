import { type Address, type Hex, hexToBigInt, isAddressEqual } from "viem";
import { nativeCurrencyAddress } from "../constants.js";
import type { DepositAddressWatcherState, WatchedDepositAddress } from "./depositAddressTypes.js";
import { readNativeDepositTransfers } from "./readNativeDepositTransfers.js";
import { readTokenDepositTransfers } from "./readTokenDepositTransfers.js";
import { sweepDepositAddress } from "./sweepDepositAddress.js";

/**
 * One pass of a deposit-address watcher: reads the blocks mined since the last pass for native and
 * token transfers (of any token) into watched addresses, reports each transfer not seen before
 * (`onTransfer`: the request moves to `depositing`), then sweeps each address that received one,
 * once: the native balance and the devnet's tokens, then, in a sweep of their own (a token that
 * reverts holds back nothing else), the other tokens that arrived, which the solver refunds as a
 * deposit in the wrong currency. Nothing is read while no address is watched.
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
    ...(await readTokenDepositTransfers(range)),
  ];
  state.nextBlock = latest + 1n;
  const toSweep = new Map<string, { entry: WatchedDepositAddress; others: Address[] }>();
  for (const transfer of transfers) {
    const key = `${transfer.txHash}:${transfer.watched.address}:${transfer.currency}`.toLowerCase();
    if (state.seen.has(key)) continue;
    state.seen.add(key);
    state.onTransfer(transfer);
    const address = transfer.watched.address.toLowerCase();
    const sweep = toSweep.get(address) ?? { entry: transfer.watched, others: [] };
    const known = [nativeCurrencyAddress, ...tokens, ...sweep.others];
    if (!known.some((currency) => isAddressEqual(currency, transfer.currency)))
      sweep.others.push(transfer.currency);
    toSweep.set(address, sweep);
  }
  for (const { entry, others } of toSweep.values())
    for (const swept of others.length > 0 ? [tokens, others] : [tokens])
      await sweepDepositAddress({
        sender: state.sender,
        factory: state.factory,
        tokens: swept,
        entry,
        log: state.log,
      });
}
