import { type Address, type Hex, hexToBigInt } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import type { TransactionSender } from "../chains/createTransactionSender.js";
import type {
  DepositAddressTransfer,
  DepositAddressWatcherState,
  WatchedDepositAddress,
} from "./depositAddressTypes.js";
import { runSharedScan } from "./runSharedScan.js";
import { scanDepositAddressesOnce } from "./scanDepositAddressesOnce.js";

export type { DepositAddressTransfer, WatchedDepositAddress } from "./depositAddressTypes.js";

export type DepositAddressWatcher = {
  /**
   * Watches an address from the current block on, or from `fromBlock` (a request restored from a
   * state directory); every transfer into it is swept.
   */
  watch: (watched: WatchedDepositAddress, options?: { fromBlock?: bigint | undefined }) => Promise<void>;
  /** Reads the new blocks now (also runs on a timer); concurrent calls share one scan. */
  scan: () => Promise<void>;
  /**
   * The last block read for transfers into the watched addresses; undefined when none is watched
   * (nothing to read).
   */
  scannedThrough: () => bigint | undefined;
  stop: () => void;
};

export type CreateDepositAddressWatcherParameters = {
  chainId: number;
  request: ChainRequest;
  /** The solver's sender on this chain: it sends the sweeps. */
  sender: TransactionSender;
  /** The chain's `DevnetDepositAddressFactory`. */
  factory: Address;
  /** The tokens a sweep moves besides the native balance. */
  tokens: readonly Address[];
  /** Called for each transfer into a watched address, before its sweep is sent. */
  onTransfer: (transfer: DepositAddressTransfer) => void;
  /** Time between scans. Default 100 ms. */
  pollMs?: number | undefined;
  log?: ((message: string) => void) | undefined;
};

/**
 * Creates the watcher of one chain's deposit addresses: every scan reads the blocks mined since the
 * last one, finds the native transfers (transactions sent to a watched address) and the ERC-20
 * `Transfer` events into one, reports each (`onTransfer`: the request moves to `depositing`), then
 * sweeps the address through the factory (`sweep(orderId, depositor, tokens)`), which deploys its
 * proxy if needed and deposits everything it holds into the depository under the order id: the
 * depository's indexer then sees an ordinary deposit. Transfers made by a contract's internal call
 * are not seen (only transactions and token events are read); they are swept with the next seen one.
 *
 * @param parameters - {@link CreateDepositAddressWatcherParameters}
 * @returns The watcher. {@link DepositAddressWatcher}
 * @example
 * const watcher = createDepositAddressWatcher({ chainId, request, sender, factory, tokens, onTransfer })
 * await watcher.watch({ requestId, orderId, address, depositor })
 */
export function createDepositAddressWatcher({
  chainId,
  request,
  sender,
  factory,
  tokens,
  onTransfer,
  pollMs = 100,
  log = () => {},
}: CreateDepositAddressWatcherParameters): DepositAddressWatcher {
  const state: DepositAddressWatcherState = {
    chainId,
    request,
    sender,
    factory,
    tokens,
    onTransfer,
    log,
    watched: new Map(),
    seen: new Set(),
    nextBlock: undefined,
    scanning: undefined,
    again: false,
    stopped: false,
  };
  const scan = () =>
    runSharedScan(
      state,
      () => scanDepositAddressesOnce(state),
      (error) =>
        log(`deposit addresses ${chainId}: ${error instanceof Error ? error.message : String(error)}`),
    );
  const timer = setInterval(() => void scan(), pollMs);
  timer.unref();

  return {
    async watch(entry, { fromBlock } = {}) {
      const current = fromBlock ?? hexToBigInt((await request({ method: "eth_blockNumber" })) as Hex);
      if (state.nextBlock === undefined || state.watched.size === 0 || current < state.nextBlock)
        state.nextBlock = current;
      state.watched.set(entry.address.toLowerCase(), entry);
    },
    scan,
    scannedThrough: () =>
      state.nextBlock === undefined || state.watched.size === 0 ? undefined : state.nextBlock - 1n,
    stop() {
      state.stopped = true;
      clearInterval(timer);
    },
  };
}
