import { linkedGroups } from "../prices/createPriceSource.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";

/** The automatic slippage of a swap, basis points: 0.50 %. */
export const automaticSwapSlippageBps = 50n;

export type SlippageToleranceBpsParameters = {
  /** The quote's `slippageTolerance` (basis points, as the request schema checked it), if given. */
  slippageTolerance?: string | undefined;
  currencyIn: Pick<DevnetCurrency, "groupID">;
  currencyOut: Pick<DevnetCurrency, "groupID">;
};

/**
 * The slippage tolerance of a quote, basis points: `slippageTolerance` when the quote gives one;
 * otherwise the automatic one, which the interface says is "computed automatically to avoid
 * front-running" without a formula. The devnet's rule, read from the live service's public samples:
 *
 * | route | automatic tolerance | seen in |
 * |-------|---------------------|---------|
 * | a swap (the currency group changes: ETH <-> USDC, BTC -> ETH) | 50 bps (0.50 %) | `test/support/fixtures/quote.evm-swap.json` (USDC on Base -> ETH on Arbitrum, ~$100: `details.slippageTolerance.destination.percent` "0.50", origin "0.00", `currencyOut.minimumAmount` the amount less 0.5 %); `quote.bitcoin-origin.json` (BTC -> ETH, ~$96: `minimumAmount` 0.5 % under `amount`) |
 * | a bridge of one asset (ETH -> ETH, USDC -> USDC; a wrap, ETH <-> WETH, priced as one) | 0: one asset has no price to slip | `quote.eth-to-base.json`, `price.eth-to-base.json` (ETH -> ETH: `minimumAmount` = `amount`, `slippageTolerance` null) |
 *
 * The live docs (docs.relay.link, "Execute Swap" and "Get Quote": "if not specified then the slippage
 * tolerance is automatically calculated to avoid front-running") publish no formula and no dependence
 * on size or volatility that the samples would show, so the devnet keeps one number per kind of route.
 *
 * @param parameters - {@link SlippageToleranceBpsParameters}
 * @returns The tolerance, basis points.
 * @example
 * slippageToleranceBps({ currencyIn: usdc, currencyOut: eth }) // 50n
 * slippageToleranceBps({ slippageTolerance: "0", currencyIn: usdc, currencyOut: eth }) // 0n
 */
export function slippageToleranceBps({
  slippageTolerance,
  currencyIn,
  currencyOut,
}: SlippageToleranceBpsParameters): bigint {
  if (slippageTolerance !== undefined) return BigInt(slippageTolerance);
  const market = (groupID: string) => linkedGroups[groupID] ?? groupID;
  return market(currencyIn.groupID) === market(currencyOut.groupID) ? 0n : automaticSwapSlippageBps;
}
