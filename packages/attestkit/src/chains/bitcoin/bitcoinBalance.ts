import type { InvalidRouteAmountErrorType } from "./errors.js";
import { toNonNegativeBigInt } from "./internal/toNonNegativeBigInt.js";
import type { IntegerLike } from "./types.js";

/** The three sums of the balance rule, in satoshis. */
export type BitcoinAddressSums = {
  /** Sum of confirmed outputs paid to the address. */
  funded: IntegerLike;
  /** Sum of confirmed outputs the address has spent. */
  spent: IntegerLike;
  /** Sum of the address's outputs spent by transactions still in the mempool. */
  pendingSpent: IntegerLike;
};

/** Address statistics in the shape esplora-style explorers answer for `GET /address/{address}`. */
export type EsploraAddressStats = {
  chain_stats: { funded_txo_sum: IntegerLike; spent_txo_sum: IntegerLike };
  mempool_stats: { funded_txo_sum?: IntegerLike | undefined; spent_txo_sum: IntegerLike };
};

export type BitcoinBalanceParameters = BitcoinAddressSums | EsploraAddressStats;

/** The spendable balance in satoshis. */
export type BitcoinBalanceReturnType = bigint;

export type BitcoinBalanceErrorType = InvalidRouteAmountErrorType;

/**
 * Applies the interface's Bitcoin balance rule: funded output sum minus spent output sum minus pending
 * spent sum. Unconfirmed incoming outputs do not count. The result is clamped at zero, since a pending
 * spend of an unconfirmed incoming output can push the formula below zero.
 *
 * @param parameters - {@link BitcoinBalanceParameters} (explicit sums, or esplora `chain_stats`/`mempool_stats`)
 * @returns The balance in satoshis. {@link BitcoinBalanceReturnType}
 * @example
 * bitcoinBalance({ funded: 150000n, spent: 50000n, pendingSpent: 20000n }) // 80000n
 */
export function bitcoinBalance(parameters: BitcoinBalanceParameters): BitcoinBalanceReturnType {
  const sums: Record<keyof BitcoinAddressSums, unknown> =
    "chain_stats" in parameters
      ? {
          funded: parameters.chain_stats?.funded_txo_sum,
          spent: parameters.chain_stats?.spent_txo_sum,
          pendingSpent: parameters.mempool_stats?.spent_txo_sum,
        }
      : parameters;
  const field = (name: string, esplora: string) => ("chain_stats" in parameters ? esplora : name);
  const funded = toNonNegativeBigInt({
    field: field("funded", "chain_stats.funded_txo_sum"),
    value: sums.funded,
  });
  const spent = toNonNegativeBigInt({
    field: field("spent", "chain_stats.spent_txo_sum"),
    value: sums.spent,
  });
  const pendingSpent = toNonNegativeBigInt({
    field: field("pendingSpent", "mempool_stats.spent_txo_sum"),
    value: sums.pendingSpent,
  });
  const balance = funded - spent - pendingSpent;
  return balance > 0n ? balance : 0n;
}
