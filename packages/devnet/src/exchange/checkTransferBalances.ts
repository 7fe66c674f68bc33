import { maxExchangeAmount, usdcAssetIndex } from "./constants.js";
import { ExchangeError } from "./errors.js";
import { exchangeBalanceKey } from "./exchangeBalanceKey.js";
import type { ParsedTransferRequest } from "./parseTransferRequest.js";

export type CheckTransferBalancesParameters = {
  /** The debited account (the API key's). */
  from: number;
  /** The debited account's balances, keyed `assetIndex:routeType`, smallest units. */
  sender: ReadonlyMap<string, bigint> | undefined;
  /** The credited account's balances; undefined when no account has `toAccountIndex`. */
  receiver: ReadonlyMap<string, bigint> | undefined;
  request: ParsedTransferRequest;
};

/**
 * Checks that a new transfer can be made, in this order: the receiving account exists; it does not
 * debit and credit the same account and route; the debited route holds the amount (in its asset)
 * and the fee (in USDC), both summed when the asset is USDC; the credited balance stays within
 * 2^63 - 1 (the exchange's signed 64-bit balances). Amounts in smallest units.
 *
 * @param parameters - {@link CheckTransferBalancesParameters}
 * @throws {ExchangeError} `UNKNOWN_ACCOUNT`, `SAME_ROUTE`, `INSUFFICIENT_BALANCE` (field `amount` or
 * `usdcFee`) or `BALANCE_OVERFLOW`.
 * @example
 * checkTransferBalances({ from: 1001, sender, receiver, request: parsed })
 */
export function checkTransferBalances({
  from,
  sender,
  receiver,
  request,
}: CheckTransferBalancesParameters): void {
  const { toAccountIndex, assetIndex, fromRouteType, toRouteType, amount, usdcFee } = request;
  if (!receiver)
    throw new ExchangeError({ code: "UNKNOWN_ACCOUNT", field: "toAccountIndex", value: toAccountIndex });
  if (toAccountIndex === from && fromRouteType === toRouteType)
    throw new ExchangeError({ code: "SAME_ROUTE", field: "toRouteType", value: toRouteType });

  // Debits first: amount from its asset's route, the fee in USDC from the same route.
  const amountKey = exchangeBalanceKey(assetIndex, fromRouteType);
  const feeKey = exchangeBalanceKey(usdcAssetIndex, fromRouteType);
  const debits = new Map<string, bigint>([[amountKey, amount]]);
  debits.set(feeKey, (debits.get(feeKey) ?? 0n) + usdcFee);
  for (const [key, needed] of debits) {
    const available = sender?.get(key) ?? 0n;
    if (available < needed)
      throw new ExchangeError({
        code: "INSUFFICIENT_BALANCE",
        field: key === amountKey ? "amount" : "usdcFee",
        detail: `account ${from} holds ${available} of asset ${key.split(":")[0]} on route ${fromRouteType}, needs ${needed}`,
      });
  }
  // The credited route is never a debited one (SAME_ROUTE above), so its balance only grows.
  const creditKey = exchangeBalanceKey(assetIndex, toRouteType);
  if ((receiver.get(creditKey) ?? 0n) + amount > maxExchangeAmount)
    throw new ExchangeError({ code: "BALANCE_OVERFLOW", field: "amount", value: amount.toString() });
}
