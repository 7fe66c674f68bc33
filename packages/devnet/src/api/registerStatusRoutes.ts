import type { RequestsRequest } from "attestkit/schemas";
import { requestsRequestSchema } from "attestkit/schemas";
import type { Context, Hono } from "hono";
import type { Hex } from "viem";
import { toStatusBody } from "../state/toStatusBody.js";
import { apiKeyOf } from "./apiKeyOf.js";
import { buildAttestation } from "./buildAttestation.js";
import { handleRequests } from "./handleRequests.js";
import { keepKnownFields } from "./keepKnownFields.js";
import { requestNotFound } from "./requestNotFound.js";
import type { DevnetContext } from "./types.js";
import { validateApiRequest } from "./validateApiRequest.js";

/** What the status routes use of the devnet: its requests, currencies, chains, solver and URL. */
export type StatusRoutesDeps = Pick<DevnetContext, "store" | "currencies" | "chains" | "solver" | "url">;

/**
 * Adds the endpoints that read requests, as the live service answers them:
 *
 * - `GET /intents/status/v3?requestId=` (and the older `/intents/status`): the status object
 *   (`toStatusBody`); `referrer` is accepted, other parameters ignored; 400 `{message, code}` for an
 *   id that is not 0x and 64 hex digits, 404 for an unknown one;
 * - `GET /requests/v3`: the listing (`handleRequests`); known parameters are checked (400
 *   `{message, errorCode}`), unknown ones ignored;
 * - `GET /requests/{requestId}/signature` and `.../signature/v2`: the solver's attestation of the
 *   request, v1 or v2 (`buildAttestation`); 400 / 404 `{message, code}`.
 *
 * @param app - The devnet's app.
 * @param context - {@link StatusRoutesDeps}
 * @example
 * registerStatusRoutes(app, context)
 */
export function registerStatusRoutes(app: Hono, context: StatusRoutesDeps): void {
  const status = (c: Context) => {
    const { requestId } = validateApiRequest<{ requestId: Hex }>(
      "status",
      keepKnownFields(c.req.query(), ["requestId", "referrer"]),
      "code",
    );
    const request = context.store.get(requestId);
    if (!request) throw requestNotFound(requestId, "code");
    return c.json(toStatusBody(request));
  };
  app.get("/intents/status/v3", status);
  app.get("/intents/status", status);

  app.get("/requests/v3", (c) => {
    const query = validateApiRequest<RequestsRequest>(
      "requests",
      keepKnownFields(c.req.query(), Object.keys(requestsRequestSchema.shape)),
      "errorCode",
    );
    return c.json(
      handleRequests({
        requests: context.store.all(),
        query,
        apiKey: apiKeyOf(c),
        currencies: context.currencies,
        depositoryOf: (chainId) => context.chains.get(chainId)?.contracts.depository,
        solver: context.solver.address,
        url: context.url,
      }),
    );
  });

  const signature = (version: "v1" | "v2") => async (c: Context) => {
    const { requestId } = validateApiRequest<{ requestId: Hex }>(
      "attestation",
      { requestId: c.req.param("requestId") },
      "code",
    );
    const request = context.store.get(requestId);
    if (!request) throw requestNotFound(requestId, "code");
    return c.json(await buildAttestation({ request, version, solver: context.solver }));
  };
  app.get("/requests/:requestId/signature", signature("v1"));
  app.get("/requests/:requestId/signature/v2", signature("v2"));
}
