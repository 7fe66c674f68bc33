import type { QuoteRequest } from "attestkit/schemas";
import {
  AmountTooLowError,
  type ComputeQuoteAmountsParameters,
  computeQuoteAmounts,
} from "./computeQuoteAmounts.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import { fixedRateFeeUsdMicros } from "./fixedRateFeeUsdMicros.js";
import { parseFixedRate } from "./parseFixedRate.js";
import type { PlainPricedQuoteParameters } from "./plainPricedQuote.js";
import type { GasTopupPlan } from "./planGasTopup.js";
import { quoteBadRequest } from "./quoteBadRequest.js";
import type { QuoteSubsidy } from "./readQuoteSubsidy.js";
import { slippageToleranceBps } from "./slippageToleranceBps.js";
import type { AppFee } from "./toAppFees.js";

/** The terms of a route to or from Bitcoin or the exchange that the body and the fee model settle. */
export type ExternalRouteTerms = Pick<
  PlainPricedQuoteParameters,
  | "amountIn"
  | "amountOut"
  | "slippageBps"
  | "fixedRate"
  | "tradeType"
  | "latePaymentSlippageBps"
  | "fees"
  | "appFees"
  | "appFeeBps"
  | "sponsored"
  | "maxSubsidizationAmount"
  | "gasTopup"
>;

/** What a route to or from Bitcoin or the exchange prices beyond the transfer, as its pricer decided. */
export type ExternalRouteExtras = {
  /** The `appFees` items (each recipient resolved: named, else the referrer, else the solver's). */
  appFees?: AppFee[] | undefined;
  /** Sponsorship (`subsidizeFees`), where the route's origin has a sponsor to pay it. */
  subsidy?: QuoteSubsidy | undefined;
  /** The destination gas top-up (`topupGas`), where the destination is an EVM chain. */
  gasTopup?: GasTopupPlan | undefined;
  /** The solver's gasless origin transaction (a permit's `originGasOverhead`), micro-USD. */
  originGasUsdMicros?: bigint | undefined;
};

export type PriceExternalRouteParameters = {
  body: Pick<
    QuoteRequest,
    "tradeType" | "amount" | "fixedRate" | "slippageTolerance" | "latePaymentSlippageTolerance"
  >;
  currencyIn: DevnetCurrency;
  currencyOut: DevnetCurrency;
  /** {@link ExternalRouteExtras}; none by default. */
  extras?: ExternalRouteExtras | undefined;
};

/**
 * Prices a route to or from Bitcoin or the exchange with the devnet's fee model (at `fixedRate`
 * when the quote gives one, with what that rate charges over the market), with the quote's slippage
 * tolerance (none at a fixed rate) and late-payment tolerance, and the extras its pricer gives: app
 * fees (`fees.app`, taken from the input as on the EVM routes), sponsorship (`fees.subsidized`), a
 * gas top-up and a gasless origin transaction (both charged as relayer gas): the terms both
 * directions of such a route quote alike, for `plainPricedQuote`. An amount too small to cover the
 * fees is a 400 `AMOUNT_TOO_LOW`.
 *
 * @param parameters - {@link PriceExternalRouteParameters}
 * @returns The terms. {@link ExternalRouteTerms}
 * @example
 * const terms = priceExternalRoute({ body, currencyIn, currencyOut, extras: { appFees } })
 * const priced = plainPricedQuote({ originChainId, destinationChainId, currencyIn, currencyOut, user, recipient, refundTo, ...terms })
 */
export function priceExternalRoute({
  body,
  currencyIn,
  currencyOut,
  extras = {},
}: PriceExternalRouteParameters): ExternalRouteTerms {
  const { amountIn, amountOut, fees, fixedRate } = amountsOf({ body, currencyIn, currencyOut, extras });
  const appFees = extras.appFees ?? [];
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
    appFees,
    appFeeBps: appFees.reduce((sum, fee) => sum + fee.bps, 0n),
    sponsored: extras.subsidy?.sponsored ?? [],
    maxSubsidizationAmount: extras.subsidy?.maxSubsidizationAmount,
    gasTopup: extras.gasTopup?.gasTopup,
  };
}

/** The amounts and fees at the market, or at `fixedRate` with what it charges over the market. */
function amountsOf({
  body,
  currencyIn,
  currencyOut,
  extras = {},
}: PriceExternalRouteParameters): ReturnType<typeof computeQuoteAmounts> &
  Pick<ExternalRouteTerms, "fixedRate"> {
  const { subsidy } = extras;
  const parameters: ComputeQuoteAmountsParameters = {
    tradeType: body.tradeType,
    amount: BigInt(body.amount),
    currencyIn,
    currencyOut,
    appFeeBps: (extras.appFees ?? []).reduce((sum, fee) => sum + fee.bps, 0n),
    gasTopupUsdMicros: extras.gasTopup?.gasTopupUsdMicros,
    originGasUsdMicros: extras.originGasUsdMicros,
    subsidy: subsidy?.subsidized
      ? {
          components: subsidy.sponsored,
          maxUsdMicros:
            subsidy.maxSubsidizationAmount === undefined ? undefined : BigInt(subsidy.maxSubsidizationAmount),
        }
      : undefined,
  };
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
