import type { Address, Hex } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import type { TransactionSender } from "../chains/createTransactionSender.js";
import type { SharedScanState } from "./runSharedScan.js";

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
  /**
   * The account the funds came from: a native transfer's sender, a token `Transfer`'s `from` (the
   * depositor the request records, see `createSolver`'s `handleDepositAddressTransfer`).
   */
  from: Address;
  /** The token, or the zero address for a native transfer. */
  currency: Address;
  /** Smallest units of the currency (wei for a native transfer). */
  amount: bigint;
};

/** What a deposit-address watcher holds and reads: its settings, the addresses and the scan's progress. */
export type DepositAddressWatcherState = SharedScanState & {
  readonly chainId: number;
  readonly request: ChainRequest;
  /** The solver's sender on this chain: it sends the sweeps. */
  readonly sender: TransactionSender;
  /** The chain's `DevnetDepositAddressFactory`. */
  readonly factory: Address;
  /** The tokens a sweep moves besides the native balance. */
  readonly tokens: readonly Address[];
  /** Called for each transfer into a watched address, before its sweep is sent. */
  readonly onTransfer: (transfer: DepositAddressTransfer) => void;
  readonly log: (message: string) => void;
  /** The watched addresses, by lower-case address. */
  readonly watched: Map<string, WatchedDepositAddress>;
  /** Transfers reported already, as lower-case `txHash:address:currency`. */
  readonly seen: Set<string>;
  /** The next block to read; undefined before the first address is watched. */
  nextBlock: bigint | undefined;
};
