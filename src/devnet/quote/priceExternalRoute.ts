import type { QuoteRequest } from "../../schemas/index.js";
import { AmountTooLowError, computeQuoteAmounts } from "./computeQuoteAmounts.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import { quoteBadRequest } from "./quoteBadRequest.js";

/**
 * Prices a route to or from Bitcoin or the exchange with the devnet's fee model; an amount too small
 * to cover the fees is a 400 `AMOUNT_TOO_LOW`.
 *
 * @example
 * const { amountIn, amountOut, fees } = priceExternalRoute({ body, currencyIn, currencyOut })
 */
export function priceExternalRoute({
  body,
  currencyIn,
  currencyOut,
}: {
  body: Pick<QuoteRequest, "tradeType" | "amount">;
  currencyIn: DevnetCurrency;
  currencyOut: DevnetCurrency;
}): ReturnType<typeof computeQuoteAmounts> {
  try {
    return computeQuoteAmounts({
      tradeType: body.tradeType,
      amount: BigInt(body.amount),
      currencyIn,
      currencyOut,
    });
  } catch (error) {
    if (error instanceof AmountTooLowError) throw quoteBadRequest("AMOUNT_TOO_LOW", error.shortMessage);
    throw error;
  }
}
