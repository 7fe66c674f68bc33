import type { ExchangeBalance } from "./types.js";

/**
 * The non-zero balances of one account, by asset then route type.
 *
 * @param account - The account's balances keyed `assetIndex:routeType` (smallest units), or
 * undefined for an unknown account.
 * @returns The balances ({@link ExchangeBalance}), or undefined for an unknown account.
 * @example
 * listExchangeBalances(new Map([["0:0", 5n], ["0:1", 0n]])) // [{ assetIndex: 0, routeType: 0, balance: 5n }]
 */
export function listExchangeBalances(
  account: ReadonlyMap<string, bigint> | undefined,
): ExchangeBalance[] | undefined {
  if (!account) return undefined;
  return [...account.entries()]
    .filter(([, balance]) => balance !== 0n)
    .map(([key, balance]) => {
      const [assetIndex = Number.NaN, routeType = Number.NaN] = key.split(":").map(Number);
      return { assetIndex, routeType, balance };
    })
    .sort((a, b) => a.assetIndex - b.assetIndex || a.routeType - b.routeType);
}
