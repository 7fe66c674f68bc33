import type { PricedQuote } from "./priceQuote.js";

export type PlainPricedQuoteParameters = Pick<
  PricedQuote,
  | "originChainId"
  | "destinationChainId"
  | "currencyIn"
  | "currencyOut"
  | "user"
  | "recipient"
  | "refundTo"
  | "amountIn"
  | "amountOut"
  | "slippageBps"
  | "fees"
  | "tradeType"
  | "latePaymentSlippageBps"
  | "fixedRate"
>;

/**
 * The priced quote of a route to or from Bitcoin or the exchange, which has none of the EVM
 * route's extras: no destination calls, app fees, sponsorship, swap impact, deposit address, gas
 * top-up or permit; the minimum output is the amount less the slippage tolerance.
 *
 * @param parameters - {@link PlainPricedQuoteParameters}
 * @returns The quote as the request store and the renderers take it. {@link PricedQuote}
 * @example
 * const priced = plainPricedQuote({ originChainId, destinationChainId, currencyIn, ..., fees })
 */
export function plainPricedQuote(parameters: PlainPricedQuoteParameters): PricedQuote {
  return {
    ...parameters,
    txs: [],
    minimumOut: (parameters.amountOut * (10_000n - parameters.slippageBps)) / 10_000n,
    appFees: [],
    sponsored: [],
    maxSubsidizationAmount: undefined,
    swapImpact: 0n,
    depositAddressType: undefined,
    appFeeBps: 0n,
    gasTopup: undefined,
    usePermit: false,
    permitExpiry: undefined,
  };
}
