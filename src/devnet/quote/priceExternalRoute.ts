import type { QuoteRequest } from "../../schemas/index.js";
import { AmountTooLowError, computeQuoteAmounts } from "./computeQuoteAmounts.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import { fixedRateFeeUsdMicros } from "./fixedRateFeeUsdMicros.js";
import { parseFixedRate } from "./parseFixedRate.js";
import type { PricedQuote } from "./priceQuote.js";
import { quoteBadRequest } from "./quoteBadRequest.js";

/**
 * Prices a route to or from Bitcoin or the exchange with the devnet's fee model (at `fixedRate`
 * when the quote gives one, with what that rate charges over the market); an amount too small to
 * cover the fees is a 400 `AMOUNT_TOO_LOW`.
 *
 * @example
 * const { amountIn, amountOut, fees, fixedRate } = priceExternalRoute({ body, currencyIn, currencyOut })
 */
export function priceExternalRoute({
  body,
  currencyIn,
  currencyOut,
}: {
  body: Pick<QuoteRequest, "tradeType" | "amount" | "fixedRate">;
  currencyIn: DevnetCurrency;
  currencyOut: DevnetCurrency;
}): ReturnType<typeof computeQuoteAmounts> & Pick<PricedQuote, "fixedRate"> {
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
