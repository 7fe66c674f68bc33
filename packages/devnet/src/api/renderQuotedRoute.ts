import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DevnetRequest } from "../state/types.js";
import { renderOptionalAmount } from "./renderOptionalAmount.js";

export type RenderQuotedRouteParameters = {
  request: DevnetRequest;
  /** The input's currency, if the devnet lists it. */
  currencyIn: DevnetCurrency | undefined;
  /** The output's currency, if the devnet lists it. */
  currencyOut: DevnetCurrency | undefined;
  /** Base URL for logos. */
  url: string;
};

/**
 * The route of `data.route.quoted` of a `GET /requests/v3` entry: on the origin the input in and
 * out (the devnet swaps nothing on the way), on the destination the output in and out, each through
 * the `relay` router.
 *
 * @param parameters - {@link RenderQuotedRouteParameters}
 * @returns `{origin, destination}`, each `{inputCurrency, outputCurrency, router}` (Amount objects, or null for an unlisted currency).
 * @example
 * renderQuotedRoute({ request, currencyIn, currencyOut, url }).destination.outputCurrency?.amount
 */
export function renderQuotedRoute({ request, currencyIn, currencyOut, url }: RenderQuotedRouteParameters) {
  const amountIn = renderOptionalAmount(currencyIn, request.amountIn, url);
  const amountOut = renderOptionalAmount(currencyOut, request.amountOut, url);
  return {
    origin: { inputCurrency: amountIn, outputCurrency: amountIn, router: "relay" },
    destination: { inputCurrency: amountOut, outputCurrency: amountOut, router: "relay" },
  };
}
