import type { CurrenciesV2Request, RequestEndpoint, RequestOutput, responseSchemas } from "attestkit/schemas";
import {
  configRequestSchema,
  InvalidRequestError,
  requestsV2RequestSchema,
  validateRequest,
} from "attestkit/schemas";
import type { Hono } from "hono";
import type * as z from "zod";
import { DevnetApiError } from "../errors.js";
import { type ConfigDeps, handleConfig } from "./handleConfig.js";
import { type CurrenciesDeps, handleCurrencies } from "./handleCurrencies.js";
import { handleRequestsV2 } from "./handleRequestsV2.js";
import { listDevnetCurrencies } from "./listDevnetCurrencies.js";
import { readJsonBody } from "./readJsonBody.js";
import { toInvalidRequestCode } from "./toInvalidRequestCode.js";
import type { DevnetContext } from "./types.js";

/** What the SDK's other routes use of the devnet: the requests, and what `/config/v2` reads. */
export type SdkRoutesDeps = ConfigDeps & CurrenciesDeps & Pick<DevnetContext, "store" | "url">;

/** How many currencies `POST /currencies/v2` answers without a `limit` (the SDK's types: 20). */
const defaultCurrenciesV2Limit = 20;

/**
 * Adds the routes the official SDK's types name besides the interface's, in the shapes those types
 * give (the SDK 7.0.3 lists them in its `routes` and types them in `types/api.d.ts`):
 * - `GET /requests/v2`: the older request listing, public (`handleRequestsV2`);
 * - `GET /config/v2?originChainId&destinationChainId[&user][&currency]`: whether the pair is
 *   enabled, the user's balance and largest bridge, the fee, the solver's capacity (`handleConfig`);
 * - `POST /currencies/v2`: the currencies of `POST /currencies/v1`'s filters (`handleCurrencies`) as one flat list, at most
 *   `limit` (default 20) currencies instead of groups.
 * Queries keep their known parameters (unknown ones are ignored, as the live service does); a value
 * the shared schemas refuse is 400 `{message, errorCode}`.
 *
 * @param app - The devnet's app.
 * @param context - {@link SdkRoutesDeps}
 * @example
 * registerSdkRoutes(app, context)
 */
export function registerSdkRoutes(app: Hono, context: SdkRoutesDeps): void {
  app.get("/requests/v2", (c) => {
    const query = validated("requestsV2", c.req.query());
    return c.json(
      handleRequestsV2({
        requests: context.store.all(),
        query,
        apiKey: c.req.header("x-api-key") || undefined,
        currencies: listDevnetCurrencies(context),
        depositoryOf: (chainId) => context.chains.get(chainId)?.contracts.depository,
        solver: context.solver.address,
        url: context.url,
      }),
    );
  });

  app.get("/config/v2", async (c) =>
    c.json(await handleConfig({ context, query: validated("config", c.req.query()) })),
  );

  app.post("/currencies/v2", async (c) => {
    const { limit, ...body } = validated("currenciesV2", await readJsonBody(c)) as CurrenciesV2Request;
    const groups = await handleCurrencies({ context, body });
    return c.json(
      groups
        .flat()
        .slice(0, limit ?? defaultCurrenciesV2Limit)
        .map(({ groupID: _, ...currency }) => currency) satisfies z.input<
        typeof responseSchemas.currenciesV2
      >,
    );
  });
}

/** Validates a query or body with the shared request schema of `endpoint`: 400 with the live code. */
function validated<endpoint extends RequestEndpoint>(
  endpoint: endpoint,
  body: unknown,
): RequestOutput<endpoint> {
  const schemaKeys = queryKeys[endpoint];
  const known =
    schemaKeys && body !== null && typeof body === "object"
      ? Object.fromEntries(Object.entries(body).filter(([key]) => schemaKeys.includes(key)))
      : body;
  try {
    return validateRequest({ endpoint, body: known });
  } catch (error) {
    if (!(error instanceof InvalidRequestError)) throw error;
    throw new DevnetApiError({
      status: 400,
      message: error.shortMessage,
      errorCode: toInvalidRequestCode({ field: error.field }),
    });
  }
}

/** The parameters each query keeps (a query's unknown parameters are ignored, as the live service does). */
const queryKeys: Partial<Record<RequestEndpoint, readonly string[]>> = {
  requestsV2: Object.keys(requestsV2RequestSchema.shape),
  config: Object.keys(configRequestSchema.shape),
};
