import type { Address, Hex } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import type { Deposit } from "../state/types.js";
import type { DepositIndexerState, RpcDepositLog } from "./depositIndexerTypes.js";
import { handOverDeposits } from "./handOverDeposits.js";
import { readDepositsOfLogs } from "./readDepositsOfLogs.js";
import { runSharedScan } from "./runSharedScan.js";
import { scanDepositsOnce } from "./scanDepositsOnce.js";

export type DepositIndexer = {
  /** Reads new blocks now (also runs on a timer). Concurrent calls share one scan. */
  scan: () => Promise<void>;
  /**
   * Indexes one transaction now: its deposits are handed over (once: a deposit already seen is not
   * handed over again) and returned. Null when the chain does not know the transaction or it is
   * not mined yet.
   */
  indexTransaction: (txHash: Hex) => Promise<Deposit[] | null>;
  /** The last block whose deposits were all handed over; undefined before the first scan. */
  scannedThrough: () => bigint | undefined;
  stop: () => void;
};

export type CreateDepositIndexerParameters = {
  chainId: number;
  request: ChainRequest;
  depository: Address;
  /**
   * The devnet's own accounts (the solver, the fee sponsor): their token transfers into the
   * depository (liquidity, sponsored fees) are not deposits. Default none.
   */
  house?: readonly Address[] | undefined;
  onDeposit: (deposit: Deposit) => void;
  /**
   * Deposits (`txHash:logIndex`) an earlier run already handed over: not handed over again when the
   * restored chain is scanned from its first block.
   */
  handled?: Iterable<string> | undefined;
  /** Time between scans for new blocks. Default 100 ms. */
  pollMs?: number | undefined;
  log?: ((message: string) => void) | undefined;
};

/**
 * Creates the indexer of one depository: it reads `RelayNativeDeposit` and `RelayErc20Deposit`
 * events, and the token transfers into the depository no such event takes (an ERC-20 `transfer` with
 * the order id as the calldata's trailing 32 bytes, a plain one: `readDepositsOfLogs`), from every new
 * block (on a timer, and at once when `scan` is called after a transaction was sent through the
 * devnet's RPC), and from single transactions on request.
 *
 * @param parameters - {@link CreateDepositIndexerParameters}
 * @returns The indexer. {@link DepositIndexer}
 * @example
 * const indexer = createDepositIndexer({ chainId, request, depository, onDeposit: (deposit) => solver.handlePayment(deposit) })
 */
export function createDepositIndexer({
  chainId,
  request,
  depository,
  house = [],
  onDeposit,
  pollMs = 100,
  log = () => {},
  handled = [],
}: CreateDepositIndexerParameters): DepositIndexer {
  const state: DepositIndexerState = {
    chainId,
    request,
    depository,
    house,
    onDeposit,
    seen: new Set(handled),
    nextBlock: undefined,
    scanning: undefined,
    again: false,
    stopped: false,
  };
  // A scan asked for while one runs (which may have read the block list already) runs once more after it.
  const scan = () =>
    runSharedScan(
      state,
      () => scanDepositsOnce(state),
      (error) => log(`indexer ${chainId}: ${error instanceof Error ? error.message : String(error)}`),
    );
  const timer = setInterval(() => void scan(), pollMs);
  timer.unref();

  return {
    scan,
    async indexTransaction(txHash) {
      const receipt = (await request({ method: "eth_getTransactionReceipt", params: [txHash] })) as {
        logs: RpcDepositLog[];
      } | null;
      if (!receipt) return null;
      return handOverDeposits(state, await readDepositsOfLogs(state, receipt.logs));
    },
    scannedThrough: () => (state.nextBlock === undefined ? undefined : state.nextBlock - 1n),
    stop() {
      state.stopped = true;
      clearInterval(timer);
    },
  };
}
