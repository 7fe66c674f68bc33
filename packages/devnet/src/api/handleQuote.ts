import type { QuoteRequest } from "attestkit/schemas";
import { checkChainsEnabled } from "../quote/checkChainsEnabled.js";
import { type CreateQuoteDeps, createQuote } from "../quote/createQuote.js";
import { listNotSimulatedFields } from "../quote/notSimulatedFields.js";
import { findQuoteRoute } from "../quote/quoteRoutes.js";
import { renderPriceBody } from "../quote/renderPriceBody.js";
import type { PriceRouteDeps } from "../quote/types.js";
import { checkPartialDisableLimit } from "./checkPartialDisableLimit.js";
import type { DevnetContext } from "./types.js";

/** What `POST /price` uses of the devnet: what the routes' pricers read, the chains' incidents and the URL (icons). */
export type PriceDeps = PriceRouteDeps & Pick<DevnetContext, "url" | "incidents">;

export type HandlePriceParameters = {
  context: PriceDeps;
  /** A body the shared price schema accepted. */
  body: QuoteRequest;
  /** Fields of the body the schema does not know, left out of it (the live service ignores them). */
  ignoredFields?: readonly string[] | undefined;
};

/** What `POST /quote/v2` uses of the devnet: what `createQuote` uses. */
export type QuoteDeps = CreateQuoteDeps;

export type HandleQuoteParameters = {
  context: QuoteDeps;
  /** A body the shared quote schema accepted. */
  body: QuoteRequest;
  /** The caller's API key: its webhook endpoint gets the request's events. */
  apiKey: string | undefined;
  /** Fields of the body the schema does not know, left out of it (the live service ignores them). */
  ignoredFields?: readonly string[] | undefined;
};

/**
 * Answers `POST /price` on every route of the table (`quote/quoteRoutes.ts`: between the EVM chains,
 * to and from Bitcoin and the exchange): prices the route as an indicative price (the user's balance
 * is reported, not required) and renders the body. A chain switched off by an incident is 400
 * `CHAIN_DISABLED`, as for a quote.
 *
 * @param parameters - {@link HandlePriceParameters}
 * @returns The price body.
 * @example
 * c.json(await handlePrice({ context, body }))
 */
export async function handlePrice({ context, body, ignoredFields = [] }: HandlePriceParameters) {
  const route = findQuoteRoute(body);
  checkChainsEnabled({ incidents: context.incidents, ...body });
  checkPartialDisableLimit(context, body);
  const { priced, reads, nativeIn } = await route.price(context, body, { indicative: true });
  return withNotSimulated(
    body,
    renderPriceBody({ priced, reads, nativeIn, url: context.url, useFallbacks: body.useFallbacks }),
    route.notSimulated,
    ignoredFields,
  );
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
export async function handleQuote({ context, body, apiKey, ignoredFields = [] }: HandleQuoteParameters) {
  checkPartialDisableLimit(context, body);
  return withNotSimulated(
    body,
    await createQuote({ context, body, apiKey }),
    findQuoteRoute(body).notSimulated,
    ignoredFields,
  );
}

/**
 * Adds `details.devnetNotSimulated`, the fields of the body the devnet accepted but does not
 * simulate (`listNotSimulatedFields`) and the fields it does not know (ignored, as the live service
 * ignores them), when there are any: no field is silently ignored.
 */
function withNotSimulated<answer extends { details: Record<string, unknown> }>(
  body: QuoteRequest,
  answer: answer,
  routeFields: readonly string[],
  ignoredFields: readonly string[],
): answer & { details: { devnetNotSimulated?: string[] } } {
  const fields = [...listNotSimulatedFields(body, routeFields), ...ignoredFields];
  return fields.length === 0
    ? answer
    : { ...answer, details: { ...answer.details, devnetNotSimulated: fields } };
}
