import type { QuoteRequest } from "attestkit/schemas";
import { quoteBadRequest } from "./quoteBadRequest.js";

export type CheckSwapImpactParameters = {
  /** A body the shared quote (or price) schema accepted (`overridePriceImpact`). */
  body: QuoteRequest;
  /** The price-impact model of swaps; no check without one. */
  swaps: { liquidityUsdMicros: bigint; maxImpactBps: bigint } | undefined;
  /** What the impact took from the output, in the output currency's smallest units. */
  swapImpact: bigint;
  /** What the recipient gets, same units. */
  amountOut: bigint;
};

/**
 * Refuses a swap whose price impact, in basis points of the output before impact
 * (`impact × 10,000 / (amountOut + impact)`, rounded down), is over the model's largest, unless the
 * quote sends `overridePriceImpact: true` (as the live service does).
 *
 * @param parameters - {@link CheckSwapImpactParameters}
 * @throws DevnetApiError 400 `SWAP_IMPACT_TOO_HIGH`, with the impact in percent.
 * @example
 * checkSwapImpact({ body, swaps, swapImpact: 50n, amountOut: 9_950n }) // 50 bps
 */
export function checkSwapImpact({ body, swaps, swapImpact, amountOut }: CheckSwapImpactParameters): void {
  if (!swaps || swapImpact <= 0n) return;
  if ("overridePriceImpact" in body && body.overridePriceImpact === true) return;
  const impactBps = (swapImpact * 10_000n) / (amountOut + swapImpact);
  if (impactBps > swaps.maxImpactBps)
    throw quoteBadRequest(
      "SWAP_IMPACT_TOO_HIGH",
      `The swap's price impact is ${Number(impactBps) / 100}% (over ${Number(swaps.maxImpactBps) / 100}%); send overridePriceImpact: true to quote it anyway.`,
    );
}
