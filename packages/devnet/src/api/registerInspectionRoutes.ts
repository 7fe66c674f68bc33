import type { Hono } from "hono";
import type { Hex } from "viem";
import { DevnetApiError } from "../errors.js";
import type { ChainsResponseDeps } from "./buildChainsResponse.js";
import { type InspectRequestDeps, inspectRequest } from "./inspectRequest.js";
import { readRequestReading } from "./readRequestReading.js";
import { type DashboardDeps, registerDashboardRoutes } from "./registerDashboardRoutes.js";
import {
  registerWebhookEndpointRoutes,
  type WebhookEndpointRoutesDeps,
} from "./registerWebhookEndpointRoutes.js";
import { requestNotFound } from "./requestNotFound.js";
import type { DevnetContext } from "./types.js";

/**
 * What the inspection routes use of the devnet: the requests, the webhook endpoints, what inspecting a
 * request and its verdicts read (the order's chains as `GET /chains` names them), and what the
 * dashboard reads.
 */
export type InspectionDeps = Pick<DevnetContext, "store"> &
  WebhookEndpointRoutesDeps &
  InspectRequestDeps &
  ChainsResponseDeps &
  DashboardDeps;

/** The most requests `GET /devnet/requests` lists (newest first). */
const maxListedRequests = 200;

/**
 * Adds the devnet's inspection endpoints and its dashboard to the app:
 * - `GET /devnet/requests?limit=N`: the newest requests (at most 200), each as `inspectRequest`
 *   gives it (order unsigned), newest first;
 * - `GET /devnet/requests/{id}`: one request by request id or order id, its order signed by the
 *   devnet solver, with its `reading` (attestkit's `explainRequest`, as `attestkit explain` reads
 *   it: the outcome, mismatches and parts not judged) and its `verdicts` (the v1 and v2 attestations
 *   and the order, from that reading), both left out with `?reading=false`; 404 `REQUEST_NOT_FOUND`;
 * - `POST /devnet/webhooks/endpoints` `{apiKey, url}` and `DELETE /devnet/webhooks/endpoints/{id}`:
 *   set and remove the webhook endpoint of an API key (`registerWebhookEndpointRoutes`);
 * - the dashboard at `GET /` and the overview it reads (`registerDashboardRoutes`).
 *
 * @param app - The devnet's app.
 * @param context - {@link InspectionDeps}
 * @example
 * registerInspectionRoutes(app, context)
 */
export function registerInspectionRoutes(app: Hono, context: InspectionDeps): void {
  registerDashboardRoutes(app, context);
  registerWebhookEndpointRoutes(app, context);

  app.get("/devnet/requests", async (c) => {
    const raw = c.req.query("limit");
    const limit = raw === undefined ? 50 : Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > maxListedRequests)
      throw new DevnetApiError({
        status: 400,
        code: "INVALID_LIMIT",
        message: `limit must be an integer from 1 to ${maxListedRequests}, got ${JSON.stringify(raw)}.`,
      });
    const newest = [...context.store.all()]
      .sort((a, b) => b.createdAt - a.createdAt || b.updatedAt - a.updatedAt)
      .slice(0, limit);
    const requests = await Promise.all(
      newest.map((request) => inspectRequest({ context, request, sign: false })),
    );
    return c.json({ requests });
  });

  app.get("/devnet/requests/:id", async (c) => {
    const id = c.req.param("id");
    if (!/^0x[0-9a-fA-F]{64}$/.test(id))
      throw new DevnetApiError({
        status: 400,
        code: "INVALID_REQUEST_ID",
        message: `${JSON.stringify(id.slice(0, 80))} is not a request id (0x and 64 hex digits).`,
      });
    const request = context.store.findByDepositId(id as Hex);
    if (!request) throw requestNotFound(id, "code");
    const inspected = await inspectRequest({ context, request });
    // A caller that makes its own reading (explain) or follows the history only (devnet trigger)
    // leaves it out: it reads the whole request again, chains included.
    if (c.req.query("reading") === "false") return c.json(inspected);
    const reading = await readRequestReading({
      app,
      inspected,
      solver: context.solver.address,
      evmChainIds: [...context.chains.keys()],
    });
    return c.json({ ...inspected, verdicts: reading.verdicts, reading });
  });
}
