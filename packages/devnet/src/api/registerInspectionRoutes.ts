import type { Hono } from "hono";
import type { Hex } from "viem";
import { DevnetApiError } from "../errors.js";
import type { ChainsResponseDeps } from "./buildChainsResponse.js";
import { type InspectRequestDeps, inspectRequest } from "./inspectRequest.js";
import { readRequestReading } from "./readRequestReading.js";
import { type DashboardDeps, registerDashboardRoutes } from "./registerDashboardRoutes.js";
import { requestNotFound } from "./requestNotFound.js";
import type { DevnetContext } from "./types.js";

/**
 * What the inspection routes use of the devnet: the requests, `setWebhook`, what inspecting a request
 * and its verdicts read (the order's chains as `GET /chains` names them), and what the dashboard reads.
 */
export type InspectionDeps = Pick<DevnetContext, "store" | "setWebhook"> &
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
 * - `POST /devnet/webhooks/endpoints` `{apiKey, url}`: sets the webhook endpoint of an API key
 *   (requests quoted with that `x-api-key` post their events there, signed with the key); 201;
 * - the dashboard at `GET /` and the overview it reads (`registerDashboardRoutes`).
 *
 * @param app - The devnet's app.
 * @param context - {@link InspectionDeps}
 * @example
 * registerInspectionRoutes(app, context)
 */
export function registerInspectionRoutes(app: Hono, context: InspectionDeps): void {
  registerDashboardRoutes(app, context);

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

  app.post("/devnet/webhooks/endpoints", async (c) => {
    let body: { apiKey?: unknown; url?: unknown };
    try {
      body = (await c.req.json()) as typeof body;
    } catch {
      body = {};
    }
    const { apiKey, url } = body ?? {};
    if (typeof apiKey !== "string" || apiKey.length < 1 || apiKey.length > 200)
      throw new DevnetApiError({
        status: 400,
        code: "INVALID_API_KEY",
        message: "apiKey must be a string of 1 to 200 characters (it is also the HMAC secret).",
      });
    let parsed: URL | undefined;
    try {
      parsed = typeof url === "string" ? new URL(url) : undefined;
    } catch {}
    if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:"))
      throw new DevnetApiError({
        status: 400,
        code: "INVALID_URL",
        message: `url must be an http(s) URL, got ${JSON.stringify(url)}.`,
      });
    if (!context.setWebhook)
      return c.json(
        { message: "This devnet does not take webhook endpoints at run time.", code: "NOT_SUPPORTED" },
        501,
      );
    context.setWebhook(apiKey, parsed.toString());
    return c.json({ endpoint: { url: parsed.toString() } }, 201);
  });
}
