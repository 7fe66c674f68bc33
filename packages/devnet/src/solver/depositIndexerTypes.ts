import type { Address, Hex } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import type { Deposit } from "../state/types.js";
import type { SharedScanState } from "./runSharedScan.js";

/** A log as `eth_getLogs` and receipts give it (quantities as hex). */
export type RpcDepositLog = {
  address: Address;
  topics: [Hex, ...Hex[]];
  data: Hex;
  transactionHash: Hex;
  logIndex: Hex;
  blockNumber: Hex;
};

/** What a deposit indexer holds and reads: its settings, the deposits handed over and the scan's progress. */
export type DepositIndexerState = SharedScanState & {
  readonly chainId: number;
  readonly request: ChainRequest;
  readonly depository: Address;
  /** The devnet's own accounts (solver, sponsor): their token transfers into the depository are not deposits. */
  readonly house: readonly Address[];
  readonly onDeposit: (deposit: Deposit) => void;
  /** Deposits handed over, as `txHash:logIndex`. */
  readonly seen: Set<string>;
  /** The next block to read; undefined before the first scan (which reads from block 0). */
  nextBlock: bigint | undefined;
};
