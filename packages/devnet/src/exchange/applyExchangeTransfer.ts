import { usdcAssetIndex } from "./constants.js";
import { creditExchangeBalance } from "./creditExchangeBalance.js";
import { exchangeBalanceKey } from "./exchangeBalanceKey.js";
import type { ExchangeLedgerState, ExchangeTransfer } from "./types.js";

/**
 * Makes a checked transfer (a new one, or one replayed from the journal): debits the amount from
 * its asset's route and the fee in USDC from the same route, credits the amount to the receiving
 * route, counts the fee as collected, and records the transfer (by its client id too, if it has one).
 *
 * @param state - The ledger. {@link ExchangeLedgerState}
 * @param transfer - A transfer whose accounts exist and whose debits are covered. {@link ExchangeTransfer}
 * @example
 * applyExchangeTransfer(state, transfer)
 */
export function applyExchangeTransfer(state: ExchangeLedgerState, transfer: ExchangeTransfer): void {
  const { fromAccountIndex, toAccountIndex, assetIndex, fromRouteType, toRouteType, amount, usdcFee } =
    transfer;
  creditExchangeBalance(state, fromAccountIndex, exchangeBalanceKey(assetIndex, fromRouteType), -amount);
  creditExchangeBalance(state, fromAccountIndex, exchangeBalanceKey(usdcAssetIndex, fromRouteType), -usdcFee);
  creditExchangeBalance(state, toAccountIndex, exchangeBalanceKey(assetIndex, toRouteType), amount);
  state.fees += usdcFee;
  state.transfers.push(transfer);
  if (transfer.clientTransferId !== undefined)
    state.byClientId.set(`${fromAccountIndex}:${transfer.clientTransferId}`, transfer);
}
