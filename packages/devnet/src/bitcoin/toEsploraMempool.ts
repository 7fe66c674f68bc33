import type { BitcoinTransactionRecord } from "./types.js";

/**
 * The mempool's summary as Esplora's `GET /mempool` answers it: the count, the total virtual size,
 * the total fee in satoshis, and the fee histogram (`[feeRate, vsize]` pairs, the rate in satoshis
 * per virtual byte cut to two decimals, highest rate first).
 *
 * @param mempool - The mempool's transactions. {@link BitcoinTransactionRecord}
 * @returns `{ count, vsize, total_fee, fee_histogram }`.
 * @example
 * toEsploraMempool(chain.mempool()) // { count: 1, vsize: 141, total_fee: 282, fee_histogram: [[2, 141]] }
 */
export function toEsploraMempool(mempool: readonly BitcoinTransactionRecord[]) {
  const byRate = new Map<number, number>();
  for (const record of mempool) {
    const rate = Math.floor((Number(record.fee) / record.vsize) * 100) / 100;
    byRate.set(rate, (byRate.get(rate) ?? 0) + record.vsize);
  }
  return {
    count: mempool.length,
    vsize: mempool.reduce((sum, record) => sum + record.vsize, 0),
    total_fee: Number(mempool.reduce((sum, record) => sum + record.fee, 0n)),
    fee_histogram: [...byRate.entries()].sort((a, b) => b[0] - a[0]),
  };
}
