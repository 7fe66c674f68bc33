import {
  createPublicClient,
  type Hex,
  http,
  parseEventLogs,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from "viem";
import { attestedDepositReceiverAbi, devnetDepositoryAbi } from "../contracts/abis.js";

/** Events `explain` decodes: the depository's deposits and fills, the receiver's payments and refunds. */
const eventAbi = [...devnetDepositoryAbi, ...attestedDepositReceiverAbi].filter(
  (item) =>
    item.type === "event" &&
    [
      "RelayNativeDeposit",
      "RelayErc20Deposit",
      "DevnetFill",
      "AttestedDeposit",
      "OrderPaid",
      "Refunded",
    ].includes(item.name),
);

/** One decoded event; integers as decimal strings. */
export type ChainEvent = { address: Hex; logIndex: number; name: string; args: Record<string, string> };

export type ReadChainTransactionParameters = {
  /** The chain's JSON-RPC URL. */
  rpcUrl: string;
  /** The transaction hash. */
  hash: Hex;
  /** Limit of each RPC call, in ms. Default 10 000. */
  timeoutMs?: number | undefined;
  /** fetch implementation for the RPC calls; the global one by default. */
  fetch?: typeof globalThis.fetch | undefined;
};

/** What the chain says about one transaction. */
export type ReadChainTransactionReturnType =
  | { found: false }
  | {
      found: true;
      /** `success` or `reverted`. */
      status: string;
      from: Hex;
      to: Hex | null;
      blockNumber: string;
      /** The native value sent with it, in wei. */
      value: string;
      /** Depository and receiver events, in log order. */
      events: ChainEvent[];
    };

/**
 * Fetches a transaction and its receipt from a chain's RPC and decodes the deposit, fill, payment
 * and refund events of the depository and the receiver in it. A transaction the chain does not have
 * (or has not mined) is `{found: false}`; an RPC that fails or does not answer throws viem's error.
 *
 * @param parameters - {@link ReadChainTransactionParameters}
 * @returns The transaction's outcome and events. {@link ReadChainTransactionReturnType}
 * @example
 * const tx = await readChainTransaction({ rpcUrl, hash })
 * if (tx.found) tx.events.find((event) => event.name === "RelayNativeDeposit")
 */
export async function readChainTransaction({
  rpcUrl,
  hash,
  timeoutMs = 10_000,
  fetch,
}: ReadChainTransactionParameters): Promise<ReadChainTransactionReturnType> {
  const client = createPublicClient({
    transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 1, ...(fetch ? { fetchFn: fetch } : {}) }),
  });
  let receipt: Awaited<ReturnType<typeof client.getTransactionReceipt>>;
  let transaction: Awaited<ReturnType<typeof client.getTransaction>>;
  try {
    [receipt, transaction] = await Promise.all([
      client.getTransactionReceipt({ hash }),
      client.getTransaction({ hash }),
    ]);
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError || error instanceof TransactionNotFoundError)
      return { found: false };
    throw error;
  }
  const events = parseEventLogs({ abi: eventAbi, logs: receipt.logs, strict: true }).map((log) => ({
    address: log.address,
    logIndex: log.logIndex,
    name: log.eventName as string,
    args: Object.fromEntries(
      Object.entries(log.args as Record<string, unknown>).map(([key, value]) => [key, String(value)]),
    ),
  }));
  return {
    found: true,
    status: receipt.status,
    from: receipt.from,
    to: receipt.to,
    blockNumber: receipt.blockNumber.toString(),
    value: transaction.value.toString(),
    events,
  };
}
