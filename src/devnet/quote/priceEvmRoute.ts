import type { QuoteRequest } from "../../schemas/index.js";
import type { ApiChain, DevnetContext } from "../api/types.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import { priceQuote } from "./priceQuote.js";
import type { PricedRoute } from "./quoteRoutes.js";
import { readOriginChain } from "./readOriginChain.js";

/**
 * Prices a route between the devnet's EVM chains with the full fee model (`priceQuote`) and reads
 * the origin chain (`readOriginChain`): the pricer of `POST /price` and of the `evm->evm` route.
 *
 * @param context - The devnet's context.
 * @param body - A body the shared quote (or price) schema accepted.
 * @returns The priced route. {@link PricedRoute}
 * @throws DevnetApiError 400 with `priceQuote`'s codes.
 * @example
 * const { priced, reads, nativeIn } = await priceEvmRoute(context, body)
 */
export async function priceEvmRoute(context: DevnetContext, body: QuoteRequest): Promise<PricedRoute> {
  const priced = priceQuote({
    body,
    chainIds: [...context.chains.keys()],
    currencies: context.currencies,
    swaps: context.swaps,
  });
  const origin = context.chains.get(priced.originChainId) as ApiChain;
  const destination = context.chains.get(priced.destinationChainId) as ApiChain;
  return {
    priced,
    reads: await readOriginChain({ origin, ...priced }),
    nativeIn: context.currencies.find((c) => c.chainId === origin.chainId && c.isNative) as DevnetCurrency,
    originSlug: origin.name,
    destinationSlug: destination.name,
    depository: origin.contracts.depository,
  };
}
