import type { QuoteRequest } from "../../schemas/index.js";
import { createQuote } from "../quote/createQuote.js";
import { listNotSimulatedFields } from "../quote/notSimulatedFields.js";
import { priceEvmRoute } from "../quote/priceEvmRoute.js";
import { renderPriceBody } from "../quote/renderPriceBody.js";
import type { DevnetContext } from "./types.js";

export type HandleQuoteParameters = {
  context: DevnetContext;
  /** A body the shared quote (or price) schema accepted. */
  body: QuoteRequest;
  /** The caller's API key: its webhook endpoint gets the request's events. */
  apiKey: string | undefined;
};

/**
 * Answers `POST /price` (routes between the devnet's EVM chains): prices the route and reads the
 * origin chain (`priceEvmRoute`: gas price, the user's balance and allowance) and renders the body.
 *
 * @param parameters - {@link HandleQuoteParameters}
 * @returns The price body.
 * @example
 * c.json(await handlePrice({ context, body, apiKey }))
 */
export async function handlePrice({ context, body }: HandleQuoteParameters) {
  const { priced, reads, nativeIn } = await priceEvmRoute(context, body);
  return withNotSimulated(body, renderPriceBody({ priced, reads, nativeIn, url: context.url }));
}

/**
 * Answers `POST /quote/v2` on every route (`createQuote`, the one quote path over the route table
 * `quote/quoteRoutes.ts`).
 *
 * @param parameters - {@link HandleQuoteParameters}
 * @returns The quote body.
 * @example
 * c.json(await handleQuote({ context, body, apiKey }))
 */
export async function handleQuote({ context, body, apiKey }: HandleQuoteParameters) {
  return withNotSimulated(body, await createQuote({ context, body, apiKey }));
}

/**
 * Adds `details.devnetNotSimulated`, the fields of the body the devnet accepted but does not
 * simulate (`listNotSimulatedFields`), when there are any: no field is silently ignored.
 */
function withNotSimulated<answer extends { details: Record<string, unknown> }>(
  body: QuoteRequest,
  answer: answer,
): answer & { details: { devnetNotSimulated?: string[] } } {
  const fields = listNotSimulatedFields(body);
  return fields.length === 0
    ? answer
    : { ...answer, details: { ...answer.details, devnetNotSimulated: fields } };
}
