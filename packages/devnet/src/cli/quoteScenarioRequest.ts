import { getQuote } from "attestkit/client";
import type { QuoteResponse } from "attestkit/schemas";
import type { Hex } from "viem";
import type { ScenarioContext } from "./createScenarioContext.js";

/** The origin's and the destination's native currency. */
const native = "0x0000000000000000000000000000000000000000";

/**
 * Quotes a scenario's request: the context's amount of the origin's native currency to the
 * destination's, exact input, from the paying account, with `extra` over those fields.
 *
 * @param context - The scenario's context. {@link ScenarioContext}
 * @param extra - Fields of the quote request that differ (a `ttl`, a `destinationCurrency`, ...).
 * @returns The quote and its request id.
 * @example
 * const { quote, requestId } = await quoteScenarioRequest(context, { ttl: 1 })
 */
export async function quoteScenarioRequest(
  context: ScenarioContext,
  extra: Record<string, unknown> = {},
): Promise<{ quote: QuoteResponse; requestId: Hex }> {
  const quote = (await getQuote(context.client, {
    user: context.account.address,
    originChainId: context.origin.chainId,
    destinationChainId: context.destination.chainId,
    originCurrency: native,
    destinationCurrency: native,
    amount: context.amount.toString(),
    tradeType: "EXACT_INPUT",
    ...extra,
  } as Parameters<typeof getQuote>[1])) as QuoteResponse;
  return { quote, requestId: quote.requestId as Hex };
}
