import type { ChainRequest } from "./createDevnetChains.js";

/**
 * Wraps a chain's request function so that `eth_getTransactionReceipt` of a transaction a snapshot
 * covers (the restored chain's older blocks are empty) is answered from the receipts the state
 * database kept: the solver's restart, the indexing API and clients still find what was mined. Since
 * the block archive (`withChainArchive`) answers receipts first, this serves the transactions of a
 * state directory written before the archive existed.
 *
 * @param parameters - The chain's request function and the stored receipts' lookup.
 * @returns The request function.
 * @example
 * const request = withStoredReceipts({ request: chain.request, find: (hash) => state.findChainReceipt(chainId, hash) })
 */
export function withStoredReceipts({
  request,
  find,
}: {
  request: ChainRequest;
  find: (hash: string) => unknown;
}): ChainRequest {
  return async (args) => {
    const result = await request(args);
    if (args.method !== "eth_getTransactionReceipt" || result !== null) return result;
    const hash = args.params?.[0];
    return typeof hash === "string" ? (find(hash) ?? null) : null;
  };
}
