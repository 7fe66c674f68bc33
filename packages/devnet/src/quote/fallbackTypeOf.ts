/**
 * The fallback routes a request can take, as `details.fallbackType` names them. The live service
 * publishes no list of values (its API types: "the type of fallback route the request uses, if
 * any"), so these are the devnet's words for what it does:
 * - `transfer`: with `useFallbacks` and destination calls (`txs`), calls that would revert are left
 *   out and the output goes to the recipient as a plain transfer (status `fallback`, the reason in
 *   the status's `details.fallback`; `decideFill`, `fillFallback`);
 * - `none`: no fallback route: reverting calls fail the request and it is refunded.
 */
export type FallbackType = "transfer" | "none";

export type FallbackTypeOfParameters = {
  /** `useFallbacks` of the quote or price body. */
  useFallbacks: boolean | undefined;
  /** The destination calls quoted (`txs`). */
  txs: readonly unknown[];
};

/**
 * The fallback route a quote gives its request (`details.fallbackType`): `transfer` with
 * `useFallbacks` and destination calls, `none` otherwise (without calls nothing can revert on the
 * destination, so there is nothing to fall back from). Pure.
 *
 * @param parameters - {@link FallbackTypeOfParameters}
 * @returns The fallback type. {@link FallbackType}
 * @example
 * fallbackTypeOf({ useFallbacks: true, txs: priced.txs }) // "transfer" when there are calls
 */
export function fallbackTypeOf({ useFallbacks, txs }: FallbackTypeOfParameters): FallbackType {
  return useFallbacks === true && txs.length > 0 ? "transfer" : "none";
}
