import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  hexToBigInt,
  numberToHex,
  toEventSelector,
} from "viem";
import { devnetDepositAddressFactoryAbi } from "../../contracts/devnet/abis.js";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import type { TransactionSender } from "../chains/createTransactionSender.js";
import { nativeCurrencyAddress } from "../constants.js";

/** One deposit address the devnet watches. */
export type WatchedDepositAddress = {
  requestId: Hex;
  orderId: Hex;
  address: Address;
  depositor: Address;
};

/** A transfer into a watched deposit address, seen before the sweep. */
export type DepositAddressTransfer = {
  watched: WatchedDepositAddress;
  txHash: Hex;
  /** The token, or the zero address for a native transfer. */
  currency: Address;
  amount: bigint;
};

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

const transferTopic = toEventSelector("Transfer(address,address,uint256)");

type RpcBlock = { transactions: { hash: Hex; to: Address | null; value: Hex }[] };
type RpcLog = { address: Address; topics: Hex[]; data: Hex; transactionHash: Hex; logIndex: Hex };

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
  const watched = new Map<string, WatchedDepositAddress>();
  const seen = new Set<string>();
  let nextBlock: bigint | undefined;
  let scanning: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const blockNumber = async () => hexToBigInt((await request({ method: "eth_blockNumber" })) as Hex);

  const scanOnce = async () => {
    if (nextBlock === undefined || watched.size === 0) return;
    const latest = await blockNumber();
    if (latest < nextBlock) return;
    const transfers: DepositAddressTransfer[] = [];
    for (let number = nextBlock; number <= latest; number++) {
      const block = (await request({
        method: "eth_getBlockByNumber",
        params: [numberToHex(number), true],
      })) as RpcBlock | null;
      for (const tx of block?.transactions ?? []) {
        const entry = tx.to ? watched.get(tx.to.toLowerCase()) : undefined;
        const amount = hexToBigInt(tx.value);
        if (entry && amount > 0n)
          transfers.push({ watched: entry, txHash: tx.hash, currency: nativeCurrencyAddress, amount });
      }
    }
    const logs = (await request({
      method: "eth_getLogs",
      params: [{ fromBlock: numberToHex(nextBlock), toBlock: numberToHex(latest), topics: [transferTopic] }],
    })) as RpcLog[];
    for (const entry of logs) {
      const to = entry.topics[2];
      if (!to || entry.topics.length !== 3) continue;
      const target = watched.get(`0x${to.slice(26)}`.toLowerCase());
      if (!target) continue;
      if (!tokens.some((token) => token.toLowerCase() === entry.address.toLowerCase())) continue;
      transfers.push({
        watched: target,
        txHash: entry.transactionHash,
        currency: getAddress(entry.address),
        amount: hexToBigInt(entry.data),
      });
    }
    nextBlock = latest + 1n;
    const toSweep = new Map<string, WatchedDepositAddress>();
    for (const transfer of transfers) {
      const key = `${transfer.txHash}:${transfer.watched.address}:${transfer.currency}`.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      onTransfer(transfer);
      toSweep.set(transfer.watched.address.toLowerCase(), transfer.watched);
    }
    for (const entry of toSweep.values()) {
      const hash = await sender.send({
        to: factory,
        data: encodeFunctionData({
          abi: devnetDepositAddressFactoryAbi,
          functionName: "sweep",
          args: [entry.orderId, entry.depositor, [...tokens]],
        }),
      });
      const receipt = await sender.waitForReceipt(hash);
      if (receipt.status !== "success")
        log(`sweep of ${entry.address} (${entry.requestId}) reverted: ${hash}`);
    }
  };

  const scan = async (): Promise<void> => {
    if (scanning) {
      again = true;
      return scanning;
    }
    scanning = (async () => {
      do {
        again = false;
        try {
          await scanOnce();
        } catch (error) {
          if (!stopped)
            log(`deposit addresses ${chainId}: ${error instanceof Error ? error.message : String(error)}`);
        }
      } while (again && !stopped);
    })().finally(() => {
      scanning = undefined;
    });
    return scanning;
  };

  const timer = setInterval(() => void scan(), pollMs);
  timer.unref();

  return {
    async watch(entry, { fromBlock } = {}) {
      const current = fromBlock ?? (await blockNumber());
      if (nextBlock === undefined || watched.size === 0 || current < nextBlock) nextBlock = current;
      watched.set(entry.address.toLowerCase(), entry);
    },
    scan,
    scannedThrough: () => (nextBlock === undefined || watched.size === 0 ? undefined : nextBlock - 1n),
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
