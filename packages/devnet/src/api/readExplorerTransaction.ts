import { externalExchange } from "attestkit/chains";
import { toExchangeTransferJson } from "../exchange/createExchangeApp.js";
import type { DevnetContext } from "./types.js";

/** What the explorer reads: the devnet's EVM chains and its exchange. */
export type ExplorerDeps = Pick<DevnetContext, "chains" | "exchange">;

export type ReadExplorerTransactionParameters = {
  context: ExplorerDeps;
  chainId: number;
  /** A transaction hash: `0x` and 64 hex digits. */
  hash: string;
};

/**
 * What the devnet's explorer shows of a transaction (`GET /explorer/{chainId}/tx/{hash}`): on an EVM
 * chain the transaction and its receipt as the chain's JSON-RPC gives them (`eth_getTransactionByHash`,
 * `eth_getTransactionReceipt`; the receipt null while pending); on the exchange the transfer with that
 * hash (the hash a request names as its origin or fill transaction there).
 *
 * @param parameters - {@link ReadExplorerTransactionParameters}
 * @returns `{chainId, hash, transaction, receipt}` or `{chainId, hash, transfer}`; undefined when the
 * chain or the transaction is unknown.
 * @example
 * await readExplorerTransaction({ context, chainId: 31337, hash })
 */
export async function readExplorerTransaction({ context, chainId, hash }: ReadExplorerTransactionParameters) {
  if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) return undefined;
  if (chainId === externalExchange.chainId && context.exchange) {
    const transfer = context.exchange.ledger
      .transfers()
      .find((candidate) => candidate.hash.toLowerCase() === hash.toLowerCase());
    return transfer
      ? { chainId, hash: transfer.hash, transfer: toExchangeTransferJson(transfer) }
      : undefined;
  }
  const chain = context.chains.get(chainId);
  if (!chain) return undefined;
  const transaction = await chain.request({ method: "eth_getTransactionByHash", params: [hash] });
  if (!transaction) return undefined;
  const receipt = await chain.request({ method: "eth_getTransactionReceipt", params: [hash] });
  return { chainId, hash, transaction, receipt: receipt ?? null };
}
