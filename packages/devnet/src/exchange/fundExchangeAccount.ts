import { checkFundParameters } from "./checkFundParameters.js";
import { exchangeRouteTypes, maxExchangeAmount, usdcAssetIndex } from "./constants.js";
import { creditExchangeBalance } from "./creditExchangeBalance.js";
import { ExchangeError } from "./errors.js";
import type { ExchangeLedgerState } from "./types.js";

export type FundExchangeAccountParameters = {
  accountIndex: number;
  /** Default USDC-perp, asset 0. */
  assetIndex?: number | undefined;
  /** Default 0 (perp). */
  routeType?: number | undefined;
  /** Smallest units of the asset: 1 to 2^63 - 1. */
  amount: bigint;
};

/**
 * The devnet faucet: opens the account if needed and credits it. Checked first
 * (`checkFundParameters`), then the credited balance must stay within 2^63 - 1 (the exchange's
 * signed 64-bit balances); the credit is journaled before it is made.
 *
 * @param state - The ledger. {@link ExchangeLedgerState}
 * @param parameters - {@link FundExchangeAccountParameters}
 * @throws {ExchangeError} `INVALID_ACCOUNT_INDEX`, `UNKNOWN_ASSET`, `UNKNOWN_ROUTE_TYPE`,
 * `INVALID_AMOUNT` or `BALANCE_OVERFLOW`.
 * @example
 * fundExchangeAccount(state, { accountIndex: 1011, amount: 5_000_000n }) // 5 USDC on route 0
 */
export function fundExchangeAccount(
  state: ExchangeLedgerState,
  {
    accountIndex,
    assetIndex = usdcAssetIndex,
    routeType = exchangeRouteTypes.perp,
    amount,
  }: FundExchangeAccountParameters,
): void {
  const key = checkFundParameters({ accountIndex, assetIndex, routeType, amount });
  if (!state.balances.has(accountIndex)) state.balances.set(accountIndex, new Map());
  if ((state.balances.get(accountIndex)?.get(key) ?? 0n) + amount > maxExchangeAmount)
    throw new ExchangeError({ code: "BALANCE_OVERFLOW", field: "amount", value: amount });
  state.keep({ type: "fund", accountIndex, assetIndex, routeType, amount });
  creditExchangeBalance(state, accountIndex, key, amount);
}
