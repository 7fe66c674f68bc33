import { computeQuoteAmounts } from "./computeQuoteAmounts.js";
import { convertAmount } from "./convertAmount.js";
import type { PricedQuote } from "./priceQuote.js";

export type ExactOutputSurplusParameters = {
  /** The priced quote. */
  priced: Pick<PricedQuote, "amountIn" | "amountOut" | "fees" | "currencyIn" | "currencyOut">;
  tradeType: "EXACT_INPUT" | "EXACT_OUTPUT" | "EXPECTED_OUTPUT";
  /** Whether the quote swaps (currencies of different kinds; a wrap is no swap). */
  swaps: boolean;
  /** The swap model of the route's source (pool depth), when on. */
  model: { liquidityUsdMicros: bigint } | undefined;
};

/**
 * The surplus of an exact-output swap: an `EXACT_OUTPUT` input is the smallest whose net buys at
 * least the output, rounded up to the input's smallest unit, so the swap of that net input yields a
 * little more than the output. `enableTrueExactOutput` decides where it goes: swept to the recipient
 * by default, kept by the solver with `true` (the interface: "true sends any surplus of exact-output
 * swaps to the solver EOA; otherwise it is swept to the recipient"). Zero for other trade types, for
 * bridges and wraps (no swap) and when the net input buys exactly the output.
 *
 * @param parameters - {@link ExactOutputSurplusParameters}
 * @returns The surplus, in the output currency's smallest unit.
 * @example
 * exactOutputSurplus({ priced, tradeType: "EXACT_OUTPUT", swaps: true, model }) // e.g. 212n wei
 */
export function exactOutputSurplus({
  priced,
  tradeType,
  swaps,
  model,
}: ExactOutputSurplusParameters): bigint {
  if (tradeType !== "EXACT_OUTPUT" || !swaps) return 0n;
  const { fees, currencyIn, currencyOut } = priced;
  const netIn = priced.amountIn - (fees.relayerService + fees.relayerGas + fees.app - fees.subsidized);
  if (netIn <= 0n) return 0n;
  const swapLiquidity =
    model === undefined
      ? undefined
      : convertAmount({
          amount: model.liquidityUsdMicros,
          from: { decimals: 6, priceUsdMicros: 1_000_000n },
          to: currencyOut,
          rounding: "floor",
        });
  const { amountOut: bought } = computeQuoteAmounts({
    tradeType: "EXACT_INPUT",
    amount: netIn,
    currencyIn,
    currencyOut,
    swapLiquidity,
    solverFees: false,
  });
  return bought > priced.amountOut ? bought - priced.amountOut : 0n;
}
