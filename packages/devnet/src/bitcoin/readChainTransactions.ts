import type { BitcoinChain } from "./createBitcoinChain.js";
import type { BitcoinTransactionRecord } from "./types.js";

/**
 * Every transaction the Bitcoin chain holds but the coinbases, in the order the chain took them:
 * the blocks' from height 1, then the mempool's.
 *
 * @param chain - The chain. {@link BitcoinChain}
 * @returns The transactions.
 * @example
 * for (const record of readChainTransactions(chain)) observe(record)
 */
export function readChainTransactions(chain: BitcoinChain): BitcoinTransactionRecord[] {
  const records: BitcoinTransactionRecord[] = [];
  for (let height = 1; height <= chain.height(); height++)
    for (const txid of chain.getBlock(height)?.txids.slice(1) ?? [])
      records.push(chain.getTransaction(txid) as BitcoinTransactionRecord);
  records.push(...chain.mempool());
  return records;
}
