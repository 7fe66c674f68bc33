import type { Hono } from "hono";
import { buildDevnetInfoResponse, type DevnetInfoDeps } from "./buildDevnetInfoResponse.js";
import type { ErrorBody } from "./errorBody.js";
import { fillHistory } from "./fillHistory.js";
import { readJsonBody } from "./readJsonBody.js";
import { renderDevnetIcon } from "./renderDevnetIcon.js";
import type { DevnetContext } from "./types.js";

/** What the admin routes use of the devnet: what its info tells, its webhook outbox, its requests and currencies. */
export type DevnetAdminRoutesDeps = DevnetInfoDeps & Pick<DevnetContext, "outbox" | "store" | "currencies">;

/**
 * Adds the devnet's own endpoints (not part of the interface; `/devnet/*` is not rate limited):
 *
 * - `GET /devnet/info`: what the devnet is (`buildDevnetInfoResponse`);
 * - `GET /devnet/webhooks`: `{deliveries}`, every webhook delivery without its body;
 * - `POST /devnet/webhooks/{id}/replay`: sends a failed delivery again: 202 `{delivery}`, 404
 *   `DELIVERY_NOT_FOUND`, 409 `DELIVERY_NOT_FAILED` (only failed deliveries are replayed);
 * - `GET /devnet/icons/{file}`: the logos the currencies and chains link to (`renderDevnetIcon`);
 * - `POST /devnet/history`: adds a history of settled requests at once, for the listing and the
 *   attestations (`fillHistory`: synthetic, no transaction behind them): 201 `{added, first, last,
 *   from, to}`, 400 `INVALID_REQUEST`.
 *
 * @param app - The devnet's app.
 * @param context - {@link DevnetAdminRoutesDeps}
 * @example
 * registerDevnetAdminRoutes(app, context)
 */
export function registerDevnetAdminRoutes(app: Hono, context: DevnetAdminRoutesDeps): void {
  app.get("/devnet/info", (c) => c.json(buildDevnetInfoResponse(context)));
  app.get("/devnet/webhooks", (c) =>
    c.json({
      deliveries: context.outbox.deliveries().map(({ body: _body, ...delivery }) => delivery),
    }),
  );
  app.post("/devnet/webhooks/:id/replay", (c) => {
    const id = c.req.param("id");
    const result = context.outbox.replay(id);
    if ("error" in result)
      return result.error === "not-found"
        ? c.json(
            { message: `No webhook delivery ${id}.`, code: "DELIVERY_NOT_FOUND" } satisfies ErrorBody,
            404,
          )
        : c.json(
            {
              message: `Webhook delivery ${id} has not failed: only failed deliveries are replayed.`,
              code: "DELIVERY_NOT_FAILED",
            } satisfies ErrorBody,
            409,
          );
    const { body: _body, ...delivery } = result.delivery;
    return c.json({ delivery }, 202);
  });
  app.post("/devnet/history", async (c) =>
    c.json(fillHistory({ body: await readJsonBody(c), context, now: Date.now }), 201),
  );
  app.get("/devnet/icons/:file", (c) =>
    c.body(renderDevnetIcon(c.req.param("file") ?? ""), 200, { "content-type": "image/svg+xml" }),
  );
}
