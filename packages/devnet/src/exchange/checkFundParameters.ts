import { checkAccountIndex } from "./checkAccountIndex.js";
import { exchangeAssets, exchangeRouteTypes, maxExchangeAmount } from "./constants.js";
import { ExchangeError } from "./errors.js";
import { exchangeBalanceKey } from "./exchangeBalanceKey.js";

export type CheckFundParametersParameters = {
  accountIndex: number;
  /** An index of `exchangeAssets` (0: USDC-perp). */
  assetIndex: number;
  /** A value of `exchangeRouteTypes`: 0 perp, 1 spot. */
  routeType: number;
  /** Smallest units of the asset: 1 to 2^63 - 1. */
  amount: bigint;
};

/**
 * Checks a credit of the devnet faucet (`fund`), in this order: the account index, the asset, the
 * route type, then the amount (a positive integer up to 2^63 - 1, the exchange's signed 64-bit
 * amounts). Whether the credited balance would overflow is the caller's check: it needs the balance.
 *
 * @param parameters - {@link CheckFundParametersParameters}
 * @returns The key of the credited balance (`exchangeBalanceKey`).
 * @throws {ExchangeError} `INVALID_ACCOUNT_INDEX`, `UNKNOWN_ASSET`, `UNKNOWN_ROUTE_TYPE` or
 * `INVALID_AMOUNT`, with the field at fault.
 * @example
 * checkFundParameters({ accountIndex: 1001, assetIndex: 0, routeType: 0, amount: 10n ** 6n }) // "0:0"
 */
export function checkFundParameters({
  accountIndex,
  assetIndex,
  routeType,
  amount,
}: CheckFundParametersParameters): string {
  checkAccountIndex("accountIndex", accountIndex);
  const asset = exchangeAssets.find((known) => known.assetIndex === assetIndex);
  if (!asset) throw new ExchangeError({ code: "UNKNOWN_ASSET", field: "assetIndex", value: assetIndex });
  const route = Object.values(exchangeRouteTypes).find((known) => known === routeType);
  if (route === undefined)
    throw new ExchangeError({ code: "UNKNOWN_ROUTE_TYPE", field: "routeType", value: routeType });
  if (typeof amount !== "bigint" || amount <= 0n || amount > maxExchangeAmount)
    throw new ExchangeError({ code: "INVALID_AMOUNT", field: "amount", value: amount });
  return exchangeBalanceKey(asset.assetIndex, route);
}
