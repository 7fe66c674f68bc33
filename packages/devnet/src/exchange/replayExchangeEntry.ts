import { applyExchangeTransfer } from "./applyExchangeTransfer.js";
import { usdcAssetIndex } from "./constants.js";
import { exchangeBalanceKey } from "./exchangeBalanceKey.js";
import { fundExchangeAccount } from "./fundExchangeAccount.js";
import type { ExchangeLedgerEntry, ExchangeLedgerState } from "./types.js";

/**
 * Applies a journaled entry again, with the checks that made it valid then: a credit is funded
 * again (`fundExchangeAccount`, every check included); a key digest needs its account; a transfer
 * must come next in sequence, between existing accounts, and its debited route must hold the amount
 * and the USDC fee (smallest units). The transfer's recorded fields, hash and time are kept as they are.
 *
 * @param state - The ledger, restoring. {@link ExchangeLedgerState}
 * @param entry - The entry. {@link ExchangeLedgerEntry}
 * @throws {Error} When the entry does not apply, saying why (`replayExchangeJournal` wraps it).
 * @throws {ExchangeError} When a credit fails its checks.
 * @example
 * replayExchangeEntry(state, { type: "fund", accountIndex: 1001, assetIndex: 0, routeType: 0, amount: 1n })
 */
export function replayExchangeEntry(state: ExchangeLedgerState, entry: ExchangeLedgerEntry): void {
  if (entry.type === "fund") {
    fundExchangeAccount(state, entry);
    return;
  }
  if (entry.type === "apiKey") {
    if (!state.balances.has(entry.accountIndex))
      throw new Error(`account ${entry.accountIndex} does not exist`);
    state.keyAccounts.set(entry.keyHash, entry.accountIndex);
    return;
  }
  const { transfer } = entry;
  const expected = state.transfers.length + 1;
  if (transfer.transferId !== expected)
    throw new Error(`transfer ${transfer.transferId} comes where transfer ${expected} should`);
  for (const account of [transfer.fromAccountIndex, transfer.toAccountIndex])
    if (!state.balances.has(account)) throw new Error(`account ${account} does not exist`);
  const usdcKey = exchangeBalanceKey(usdcAssetIndex, transfer.fromRouteType);
  // A USDC transfer takes the amount and the fee from the same balance: their sum must be there.
  const debits: [string, bigint][] =
    transfer.assetIndex === usdcAssetIndex
      ? [[usdcKey, transfer.amount + transfer.usdcFee]]
      : [
          [exchangeBalanceKey(transfer.assetIndex, transfer.fromRouteType), transfer.amount],
          [usdcKey, transfer.usdcFee],
        ];
  for (const [key, needed] of debits) {
    const available = state.balances.get(transfer.fromAccountIndex)?.get(key) ?? 0n;
    if (available < needed)
      throw new Error(`account ${transfer.fromAccountIndex} holds ${available} of ${key}, needs ${needed}`);
  }
  applyExchangeTransfer(state, transfer);
}
