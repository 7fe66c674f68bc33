/**
 * The key of one balance inside an account: `assetIndex:routeType` (`0:0` is USDC-perp). Balances of
 * an account are kept per asset and per route type, as the exchange keeps them (README, Ledger).
 *
 * @param assetIndex - The asset (0: USDC-perp).
 * @param routeType - 0 perp, 1 spot.
 * @returns The key, e.g. `"0:1"`.
 * @example
 * exchangeBalanceKey(usdcAssetIndex, exchangeRouteTypes.spot) // "0:1"
 */
export function exchangeBalanceKey(assetIndex: number, routeType: number): string {
  return `${assetIndex}:${routeType}`;
}
