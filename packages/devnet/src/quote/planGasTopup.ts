import type { QuoteRequest } from "attestkit/schemas";
import { convertAmount } from "./convertAmount.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";

/** The gas top-up without `topupGasAmount`: $2, in micro-USD. */
export const defaultGasTopupUsdMicros = 2_000_000n;

export type PlanGasTopupParameters = {
  /** A body the shared quote (or price) schema accepted. */
  body: QuoteRequest;
  /** The devnet's currencies. */
  currencies: readonly DevnetCurrency[];
  destinationChainId: number;
  currencyOut: DevnetCurrency;
};

/** The destination gas top-up of a quote, when it has one. */
export type GasTopupPlan = {
  /** Its price in micro-USD (`topupGasAmount`, default $2), charged as relayer gas; undefined without a top-up. */
  gasTopupUsdMicros: bigint | undefined;
  /** The destination's native currency and the amount (wei) the recipient gets with the fill. */
  gasTopup: { currency: DevnetCurrency; amount: bigint; usdMicros: bigint } | undefined;
};

/**
 * Plans the destination gas top-up (`topupGas`): only on a token output, since a top-up brings the
 * destination's native currency and a native output has it already (as live). The native amount is
 * the USD price converted at the devnet's prices, rounded down.
 *
 * @param parameters - {@link PlanGasTopupParameters}
 * @returns The top-up, or undefineds. {@link GasTopupPlan}
 * @example
 * planGasTopup({ body: { ...body, topupGas: true }, currencies, destinationChainId, currencyOut: usdc })
 */
export function planGasTopup({
  body,
  currencies,
  destinationChainId,
  currencyOut,
}: PlanGasTopupParameters): GasTopupPlan {
  const nativeOut = currencies.find((c) => c.chainId === destinationChainId && c.isNative);
  const gasTopupUsdMicros =
    "topupGas" in body && body.topupGas === true && !currencyOut.isNative && nativeOut
      ? BigInt(body.topupGasAmount ?? defaultGasTopupUsdMicros)
      : undefined;
  const gasTopup =
    gasTopupUsdMicros === undefined || !nativeOut
      ? undefined
      : {
          currency: nativeOut,
          usdMicros: gasTopupUsdMicros,
          amount: convertAmount({
            amount: gasTopupUsdMicros,
            from: { decimals: 6, priceUsdMicros: 1_000_000n },
            to: nativeOut,
            rounding: "floor",
          }),
        };
  return { gasTopupUsdMicros, gasTopup };
}
