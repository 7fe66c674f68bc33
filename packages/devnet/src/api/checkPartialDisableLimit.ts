import type { QuoteRequest } from "attestkit/schemas";
import { atMarketPrice } from "../prices/atMarketPrice.js";
import { convertAmount } from "../quote/convertAmount.js";
import { quoteBadRequest } from "../quote/quoteBadRequest.js";
import { listDevnetCurrencies } from "./listDevnetCurrencies.js";
import type { DevnetContext } from "./types.js";

/** What the check reads: the chains' incidents, the devnet's currencies and the market. */
export type CheckPartialDisableLimitDeps = Pick<
  DevnetContext,
  "incidents" | "currencies" | "bitcoin" | "exchange" | "prices"
>;

/**
 * Refuses a quote or price whose value is above the `partialDisableLimit` of its origin or
 * destination chain (`POST /devnet/incidents`), as the live service's partially disabled chains
 * refuse larger withdrawals and deposits: the official SDK's types give the limit as a value in the
 * chain's own currency, smallest unit ("1000000000000000000 to designate 1 ETH max
 * withdrawal/deposit"), 0 when the chain is not partially disabled. The request's value is its
 * `amount` (in the origin currency for `EXACT_INPUT`, the destination currency otherwise) converted
 * to each chain's currency at the market price (fees left out). The code is the live
 * `ROUTE_TEMPORARILY_RESTRICTED`; a currency the devnet does not list is left to the quote's own checks.
 *
 * @param context - {@link CheckPartialDisableLimitDeps}
 * @param body - A body the shared quote or price schema accepted.
 * @throws DevnetApiError 400 `ROUTE_TEMPORARILY_RESTRICTED`, naming the chain and its limit.
 * @example
 * checkPartialDisableLimit(context, body)
 */
export function checkPartialDisableLimit(context: CheckPartialDisableLimitDeps, body: QuoteRequest): void {
  const currencies = listDevnetCurrencies(context);
  const exactInput = body.tradeType === "EXACT_INPUT";
  const chainId = exactInput ? body.originChainId : body.destinationChainId;
  const address = (exactInput ? body.originCurrency : body.destinationCurrency).toLowerCase();
  // Bitcoin's identifier and the exchange's `0` are no EVM addresses: compared as written, in lower case.
  const given = currencies.find((c) => c.chainId === chainId && c.address.toLowerCase() === address);
  if (!given) return;
  for (const [role, limitedChainId] of [
    ["origin", body.originChainId],
    ["destination", body.destinationChainId],
  ] as const) {
    const limit = BigInt(context.incidents?.get(limitedChainId)?.partialDisableLimit ?? 0);
    const own =
      currencies.find((c) => c.chainId === limitedChainId && c.isNative) ??
      currencies.find((c) => c.chainId === limitedChainId);
    if (limit === 0n || !own) continue;
    const value = convertAmount({
      amount: BigInt(body.amount),
      from: atMarketPrice(context.prices, given),
      to: atMarketPrice(context.prices, own),
      rounding: "floor",
    });
    if (value > limit)
      throw quoteBadRequest(
        "ROUTE_TEMPORARILY_RESTRICTED",
        `The ${role} chain ${limitedChainId} is partially disabled: it takes at most ${limit} (smallest unit of ${own.symbol}) per request, and this one is worth ${value}.`,
      );
  }
}
