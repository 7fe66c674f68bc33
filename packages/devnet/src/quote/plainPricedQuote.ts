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
> &
  Partial<
    Pick<
      PricedQuote,
      | "appFees"
      | "appFeeBps"
      | "sponsored"
      | "maxSubsidizationAmount"
      | "gasTopup"
      | "usePermit"
      | "permitExpiry"
    >
  >;

/**
 * The priced quote of a route to or from Bitcoin or the exchange: no destination calls, swap impact
 * or deposit address of the EVM route's kind; the app fees, sponsorship, gas top-up and permit the
 * route prices (`priceExternalRoute`), none when not given; the minimum output is the amount less the
 * slippage tolerance.
 *
 * @param parameters - {@link PlainPricedQuoteParameters}
 * @returns The quote as the request store and the renderers take it. {@link PricedQuote}
 * @example
 * const priced = plainPricedQuote({ originChainId, destinationChainId, currencyIn, ..., fees })
 */
export function plainPricedQuote(parameters: PlainPricedQuoteParameters): PricedQuote {
  return {
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
    ...parameters,
  };
}
