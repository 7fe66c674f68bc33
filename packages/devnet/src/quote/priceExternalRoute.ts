import type { QuoteRequest } from "attestkit/schemas";
import { AmountTooLowError, computeQuoteAmounts } from "./computeQuoteAmounts.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import { fixedRateFeeUsdMicros } from "./fixedRateFeeUsdMicros.js";
import { parseFixedRate } from "./parseFixedRate.js";
import type { PlainPricedQuoteParameters } from "./plainPricedQuote.js";
import { quoteBadRequest } from "./quoteBadRequest.js";
import { slippageToleranceBps } from "./slippageToleranceBps.js";

/** The terms of a route to or from Bitcoin or the exchange that the body and the fee model settle. */
export type ExternalRouteTerms = Pick<
  PlainPricedQuoteParameters,
  "amountIn" | "amountOut" | "slippageBps" | "fixedRate" | "tradeType" | "latePaymentSlippageBps" | "fees"
>;

export type PriceExternalRouteParameters = {
  body: Pick<
    QuoteRequest,
    "tradeType" | "amount" | "fixedRate" | "slippageTolerance" | "latePaymentSlippageTolerance"
  >;
  currencyIn: DevnetCurrency;
  currencyOut: DevnetCurrency;
};

/**
 * Prices a route to or from Bitcoin or the exchange with the devnet's fee model (at `fixedRate`
 * when the quote gives one, with what that rate charges over the market), with the quote's slippage
 * tolerance (none at a fixed rate) and late-payment tolerance: the terms both directions of such a
 * route quote alike, for `plainPricedQuote`. An amount too small to cover the fees is a 400
 * `AMOUNT_TOO_LOW`.
 *
 * @param parameters - {@link PriceExternalRouteParameters}
 * @returns The terms. {@link ExternalRouteTerms}
 * @example
 * const terms = priceExternalRoute({ body, currencyIn, currencyOut })
 * const priced = plainPricedQuote({ originChainId, destinationChainId, currencyIn, currencyOut, user, recipient, refundTo, ...terms })
 */
export function priceExternalRoute({
  body,
  currencyIn,
  currencyOut,
}: PriceExternalRouteParameters): ExternalRouteTerms {
  const { amountIn, amountOut, fees, fixedRate } = amountsOf({ body, currencyIn, currencyOut });
  return {
    amountIn,
    amountOut,
    // A fixed rate does not slip.
    slippageBps: fixedRate
      ? 0n
      : slippageToleranceBps({ slippageTolerance: body.slippageTolerance, currencyIn, currencyOut }),
    fixedRate,
    tradeType: body.tradeType,
    latePaymentSlippageBps:
      body.latePaymentSlippageTolerance === undefined ? undefined : BigInt(body.latePaymentSlippageTolerance),
    fees,
  };
}

/** The amounts and fees at the market, or at `fixedRate` with what it charges over the market. */
function amountsOf({
  body,
  currencyIn,
  currencyOut,
}: PriceExternalRouteParameters): ReturnType<typeof computeQuoteAmounts> &
  Pick<ExternalRouteTerms, "fixedRate"> {
  const parameters = { tradeType: body.tradeType, amount: BigInt(body.amount), currencyIn, currencyOut };
  try {
    if (body.fixedRate === undefined) return computeQuoteAmounts(parameters);
    const fixed = computeQuoteAmounts({ ...parameters, rate: parseFixedRate(body.fixedRate) });
    const feeUsdMicros = fixedRateFeeUsdMicros({
      fixed,
      market: () => computeQuoteAmounts(parameters),
      currencyIn,
      currencyOut,
      tradeType: body.tradeType,
    });
    return { ...fixed, fixedRate: { rate: body.fixedRate, feeUsdMicros } };
  } catch (error) {
    if (error instanceof AmountTooLowError) throw quoteBadRequest("AMOUNT_TOO_LOW", error.shortMessage);
    throw error;
  }
}
