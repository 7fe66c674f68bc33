import { addExchangeApiKey } from "./addExchangeApiKey.js";
import { checkAccountIndex } from "./checkAccountIndex.js";
import { ExchangeError } from "./errors.js";
import { fundExchangeAccount } from "./fundExchangeAccount.js";
import type { ExchangeAccountSpec, ExchangeLedgerState } from "./types.js";

/**
 * Opens the ledger's accounts at creation, in the order given: each account, then its opening
 * balances (`fundExchangeAccount`, route 0 unless given), then its API keys (`addExchangeApiKey`).
 * Meant to run while the ledger is restoring, so nothing of it is journaled.
 *
 * @param state - The ledger. {@link ExchangeLedgerState}
 * @param accounts - The accounts. {@link ExchangeAccountSpec}
 * @throws {ExchangeError} `INVALID_ACCOUNT_INDEX` for a malformed index or one listed twice, or what
 * funding or adding a key throws.
 * @example
 * openExchangeAccounts(state, [{ accountIndex: 1001, apiKeys: [key], balances: [{ assetIndex: 0, amount: 10n ** 6n }] }])
 */
export function openExchangeAccounts(
  state: ExchangeLedgerState,
  accounts: readonly ExchangeAccountSpec[],
): void {
  for (const [i, account] of accounts.entries()) {
    checkAccountIndex(`accounts[${i}].accountIndex`, account.accountIndex);
    if (state.balances.has(account.accountIndex))
      throw new ExchangeError({
        code: "INVALID_ACCOUNT_INDEX",
        field: `accounts[${i}].accountIndex`,
        value: account.accountIndex,
        detail: "listed twice",
      });
    state.balances.set(account.accountIndex, new Map());
    for (const opening of account.balances ?? [])
      fundExchangeAccount(state, {
        accountIndex: account.accountIndex,
        assetIndex: opening.assetIndex,
        routeType: opening.routeType,
        amount: opening.amount,
      });
    for (const apiKey of account.apiKeys ?? [])
      addExchangeApiKey(state, { accountIndex: account.accountIndex, apiKey });
  }
}
