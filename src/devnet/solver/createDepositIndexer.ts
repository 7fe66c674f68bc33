import { type Address, decodeEventLog, type Hex, hexToBigInt, numberToHex } from "viem";
import { devnetDepositoryAbi } from "../../contracts/devnet/abis.js";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import { nativeCurrencyAddress } from "../constants.js";
import type { Deposit } from "../state/types.js";

type RpcLog = {
  address: Address;
  topics: [Hex, ...Hex[]];
  data: Hex;
  transactionHash: Hex;
  logIndex: Hex;
  blockNumber: Hex;
};

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
 * events from every new block (on a timer, and at once when `scan` is called after a transaction
 * was sent through the devnet's RPC), and from single transactions on request.
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
  onDeposit,
  pollMs = 100,
  log = () => {},
  handled = [],
}: CreateDepositIndexerParameters): DepositIndexer {
  const seen = new Set<string>(handled);
  let nextBlock: bigint | undefined;
  let scanning: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const handle = (logs: RpcLog[]): Deposit[] => {
    const found: Deposit[] = [];
    for (const entry of logs) {
      if (entry.address.toLowerCase() !== depository.toLowerCase()) continue;
      let decoded: ReturnType<typeof decodeEventLog<typeof devnetDepositoryAbi>>;
      try {
        decoded = decodeEventLog({ abi: devnetDepositoryAbi, data: entry.data, topics: entry.topics });
      } catch {
        continue;
      }
      let deposit: Deposit;
      const base = {
        chainId,
        txHash: entry.transactionHash,
        logIndex: Number(hexToBigInt(entry.logIndex)),
        blockNumber: hexToBigInt(entry.blockNumber),
      };
      if (decoded.eventName === "RelayNativeDeposit")
        deposit = { ...base, ...decoded.args, currency: nativeCurrencyAddress };
      else if (decoded.eventName === "RelayErc20Deposit")
        deposit = {
          ...base,
          from: decoded.args.from,
          currency: decoded.args.token,
          amount: decoded.args.amount,
          id: decoded.args.id,
        };
      else continue;
      found.push(deposit);
      const key = `${deposit.txHash}:${deposit.logIndex}`;
      if (seen.has(key)) continue;
      seen.add(key);
      onDeposit(deposit);
    }
    return found;
  };

  const scanOnce = async () => {
    const latest = hexToBigInt((await request({ method: "eth_blockNumber" })) as Hex);
    const from = nextBlock ?? 0n;
    if (latest < from) return;
    const logs = (await request({
      method: "eth_getLogs",
      params: [{ address: depository, fromBlock: numberToHex(from), toBlock: numberToHex(latest) }],
    })) as RpcLog[];
    nextBlock = latest + 1n;
    handle(logs);
  };

  const scan = async (): Promise<void> => {
    if (scanning) {
      // A scan is running and may have read the block list already: run one more after it.
      again = true;
      return scanning;
    }
    scanning = (async () => {
      do {
        again = false;
        try {
          await scanOnce();
        } catch (error) {
          if (!stopped) log(`indexer ${chainId}: ${error instanceof Error ? error.message : String(error)}`);
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
    scan,
    async indexTransaction(txHash) {
      const receipt = (await request({ method: "eth_getTransactionReceipt", params: [txHash] })) as {
        logs: RpcLog[];
      } | null;
      if (!receipt) return null;
      return handle(receipt.logs);
    },
    scannedThrough: () => (nextBlock === undefined ? undefined : nextBlock - 1n),
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
