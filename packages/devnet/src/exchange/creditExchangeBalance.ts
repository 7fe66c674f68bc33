import type { ExchangeLedgerState } from "./types.js";

/**
 * Adds `amount` (negative to debit) to one balance of an existing account. No check: the callers
 * have checked the account, the balance it debits and the limit it credits up to.
 *
 * @param state - The ledger. {@link ExchangeLedgerState}
 * @param accountIndex - An account the ledger holds.
 * @param key - The balance, `exchangeBalanceKey(assetIndex, routeType)`.
 * @param amount - Smallest units of the asset, negative for a debit.
 * @throws {Error} When the account does not exist (a caller skipped its check).
 * @example
 * creditExchangeBalance(state, 1001, exchangeBalanceKey(0, 0), 1_000_000n)
 */
export function creditExchangeBalance(
  state: ExchangeLedgerState,
  accountIndex: number,
  key: string,
  amount: bigint,
): void {
  const account = state.balances.get(accountIndex);
  if (!account) throw new Error(`Exchange account ${accountIndex} does not exist.`);
  account.set(key, (account.get(key) ?? 0n) + amount);
}
