import type { BitcoinAddressStats } from "./types.js";

/**
 * An address's statistics as Esplora writes them (`chain_stats`, `mempool_stats`): snake case, sums
 * in satoshis as JSON numbers (exact up to 2^53, above the 21M BTC supply).
 *
 * @param stats - The chain's statistics. {@link BitcoinAddressStats}
 * @returns `{ funded_txo_count, funded_txo_sum, spent_txo_count, spent_txo_sum, tx_count }`.
 * @example
 * toEsploraStats(chain.getAddressStats(address).chain)
 */
export function toEsploraStats(stats: BitcoinAddressStats) {
  return {
    funded_txo_count: stats.fundedTxoCount,
    funded_txo_sum: Number(stats.fundedTxoSum),
    spent_txo_count: stats.spentTxoCount,
    spent_txo_sum: Number(stats.spentTxoSum),
    tx_count: stats.txCount,
  };
}
