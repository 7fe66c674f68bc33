import type { QuoteRequest } from "attestkit/schemas";
import {
  AmountTooLowError,
  type ComputeQuoteAmountsParameters,
  type ComputeQuoteAmountsReturnType,
  computeQuoteAmounts,
  SwapLiquidityExceededError,
} from "./computeQuoteAmounts.js";
import { convertAmount } from "./convertAmount.js";
import type { SelfExecutedOperation } from "./decideExecution.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import type { FixedRate } from "./parseFixedRate.js";
import { quoteBadRequest } from "./quoteBadRequest.js";
import type { QuoteSubsidy } from "./readQuoteSubsidy.js";

export type ComputePricedAmountsParameters = {
  /** A body the shared quote (or price) schema accepted. */
  body: QuoteRequest;
  currencyIn: DevnetCurrency;
  currencyOut: DevnetCurrency;
  /** The sum of the `appFees` basis points. */
  appFeeBps: bigint;
  /** The gas top-up's price in micro-USD, if any. */
  gasTopupUsdMicros: bigint | undefined;
  /** The solver's gasless origin transaction's gas in micro-USD (`originGasUsdMicros`), if any. */
  originGasUsdMicros?: bigint | undefined;
  subsidy: QuoteSubsidy;
  /** The price-impact model of swaps: pool depth in micro-USD, largest impact in basis points. */
  swaps: { liquidityUsdMicros: bigint; maxImpactBps: bigint } | undefined;
  selfExecuted: SelfExecutedOperation | undefined;
  /** The service fee's basis points when not the default 10. */
  serviceBps: bigint | undefined;
  /** `fixedRate`, parsed. */
  fixedRate: FixedRate | undefined;
};

/** A quote's amounts, and how to price it at the market instead. */
export type PricedAmounts = {
  /** Input, output and fees, in smallest units. */
  amounts: ComputeQuoteAmountsReturnType;
  /** The amounts at the market price, with the swap's impact: what a fixed rate's fee is measured against. */
  market: () => ComputeQuoteAmountsReturnType;
};

/**
 * Computes a quote's amounts with the devnet's fee model (`computeQuoteAmounts`). A swap (currencies
 * of different groups; a wrap or unwrap is 1:1) meets the pool's depth, converted to the output
 * currency; a fixed rate converts at itself and meets no pool (the solver absorbs the market). A
 * self-executed quote has no solver fees.
 *
 * @param parameters - {@link ComputePricedAmountsParameters}
 * @returns The amounts. {@link PricedAmounts}
 * @throws DevnetApiError (400) `AMOUNT_TOO_LOW` or `INSUFFICIENT_LIQUIDITY`, as live.
 * @example
 * const { amounts } = computePricedAmounts({ body, currencyIn, currencyOut, appFeeBps: 0n, ... })
 */
export function computePricedAmounts({
  body,
  currencyIn,
  currencyOut,
  appFeeBps,
  gasTopupUsdMicros,
  originGasUsdMicros,
  subsidy,
  swaps,
  selfExecuted,
  serviceBps,
  fixedRate,
}: ComputePricedAmountsParameters): PricedAmounts {
  // A wrap or unwrap changes the group (ETH, WETH) at the same price: no pool, no impact.
  const isSwap =
    currencyIn.groupID !== currencyOut.groupID && selfExecuted !== "wrap" && selfExecuted !== "unwrap";
  const marketLiquidity =
    swaps && isSwap
      ? convertAmount({
          amount: swaps.liquidityUsdMicros,
          from: { decimals: 6, priceUsdMicros: 1_000_000n },
          to: currencyOut,
          rounding: "floor",
        })
      : undefined;
  // A fixed rate converts at itself: no price, so no swap impact.
  const amountParameters: ComputeQuoteAmountsParameters = {
    tradeType: body.tradeType,
    amount: BigInt(body.amount),
    currencyIn,
    currencyOut,
    appFeeBps,
    gasTopupUsdMicros,
    originGasUsdMicros,
    swapLiquidity: fixedRate === undefined ? marketLiquidity : undefined,
    // A self-executed quote has no solver to pay.
    solverFees: selfExecuted === undefined,
    serviceBps,
    subsidy: subsidy.subsidized
      ? {
          components: subsidy.sponsored,
          maxUsdMicros:
            subsidy.maxSubsidizationAmount === undefined ? undefined : BigInt(subsidy.maxSubsidizationAmount),
        }
      : undefined,
  };
  const market = () => computeQuoteAmounts({ ...amountParameters, swapLiquidity: marketLiquidity });
  try {
    return { amounts: computeQuoteAmounts({ ...amountParameters, rate: fixedRate }), market };
  } catch (error) {
    if (error instanceof AmountTooLowError) throw quoteBadRequest("AMOUNT_TOO_LOW", error.shortMessage);
    if (error instanceof SwapLiquidityExceededError)
      throw quoteBadRequest("INSUFFICIENT_LIQUIDITY", error.shortMessage);
    throw error;
  }
}
