import { type CurrenciesRequest, findUnknownFields, type QuoteRequest } from "attestkit/schemas";
import type { Hono } from "hono";
import { apiKeyOf } from "./apiKeyOf.js";
import { buildChainsResponse } from "./buildChainsResponse.js";
import { handleCurrencies } from "./handleCurrencies.js";
import { handlePrice, handleQuote } from "./handleQuote.js";
import { notSimulatedHeaders } from "./notSimulatedHeaders.js";
import { readJsonBody } from "./readJsonBody.js";
import type { DevnetContext } from "./types.js";
import { validateApiRequest } from "./validateApiRequest.js";

/** The fields of a price or quote body that its schema does not know (which the devnet ignores). */
function ignoredFieldsOf(endpoint: "price" | "quote", body: unknown): string[] {
  return findUnknownFields({ endpoint, body }).map(({ field }) => field);
}

/**
 * Adds the endpoints a caller asks before paying, bodies validated with the shared request schemas
 * (400 `{message, errorCode}`):
 *
 * - `GET /chains`: the devnet's chains (`buildChainsResponse`);
 * - `POST /currencies/v1`: the devnet's currencies matching the search, its default list, and with
 *   `useExternalSearch` the ERC-20s it does not list, read from the chains (`handleCurrencies`);
 * - `POST /price`: the price of a route, without an order (`handlePrice`);
 * - `POST /quote/v2`: a quote with its steps and signed order, under the caller's API key (`handleQuote`).
 *
 * Fields the devnet accepts but does not simulate are named in the `x-devnet-not-simulated` header;
 * so are the fields of a price or quote body it does not know, which it ignores as the live service does.
 *
 * @param app - The devnet's app.
 * @param context - {@link DevnetContext}
 * @example
 * registerQuoteRoutes(app, context)
 */
export function registerQuoteRoutes(app: Hono, context: DevnetContext): void {
  app.get("/chains", (c) => c.json(buildChainsResponse(context)));

  app.post("/currencies/v1", async (c) => {
    const body = validateApiRequest<CurrenciesRequest>("currencies", await readJsonBody(c), "errorCode");
    return c.json(await handleCurrencies({ context, body }));
  });

  app.post("/price", async (c) => {
    const raw = await readJsonBody(c);
    const body = validateApiRequest<QuoteRequest>("price", raw, "errorCode");
    const answer = await handlePrice({ context, body, ignoredFields: ignoredFieldsOf("price", raw) });
    return c.json(answer, 200, notSimulatedHeaders(answer.details.devnetNotSimulated));
  });

  app.post("/quote/v2", async (c) => {
    const raw = await readJsonBody(c);
    const body = validateApiRequest<QuoteRequest>("quote", raw, "errorCode");
    const answer = await handleQuote({
      context,
      body,
      apiKey: apiKeyOf(c),
      ignoredFields: ignoredFieldsOf("quote", raw),
    });
    return c.json(answer, 200, notSimulatedHeaders(answer.details.devnetNotSimulated));
  });
}
