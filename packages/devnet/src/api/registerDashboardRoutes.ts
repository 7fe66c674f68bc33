import type { Hono } from "hono";
import { createOverviewReader, type OverviewDeps } from "../dashboard/createOverviewReader.js";
import {
  dashboardContentSecurityPolicy,
  dashboardCss,
  dashboardFavicon,
  dashboardHtml,
  dashboardJs,
} from "../dashboard/dashboardAssets.js";

/** What the dashboard's routes use of the devnet: what its overview reads. */
export type DashboardDeps = OverviewDeps;

/**
 * Adds the dashboard and the read-only data only it needs to the app:
 * - `GET /`: the page, with a content security policy that runs its own script only;
 * - `GET /devnet/dashboard.js`, `GET /devnet/dashboard.css`: its script and style;
 * - `GET /favicon.ico`: its icon (SVG);
 * - `GET /devnet/overview`: the chains with their heights, the funded accounts and the contracts
 *   with their balances, and the current price of every currency (`createOverviewReader`).
 *
 * The page also reads `GET /devnet/info`, `GET /devnet/requests`, `GET /devnet/webhooks` and
 * replays failed deliveries with `POST /devnet/webhooks/{id}/replay`.
 *
 * @param app - The devnet's app.
 * @param context - {@link DashboardDeps}
 * @example
 * registerDashboardRoutes(app, context)
 */
export function registerDashboardRoutes(app: Hono, context: DashboardDeps): void {
  const readOverview = createOverviewReader({ context });
  app.get("/", (c) =>
    c.html(dashboardHtml, 200, {
      "content-security-policy": dashboardContentSecurityPolicy,
      "x-content-type-options": "nosniff",
    }),
  );
  app.get("/devnet/dashboard.js", (c) =>
    c.body(dashboardJs, 200, {
      "content-type": "text/javascript; charset=utf-8",
      "x-content-type-options": "nosniff",
    }),
  );
  app.get("/devnet/dashboard.css", (c) =>
    c.body(dashboardCss, 200, {
      "content-type": "text/css; charset=utf-8",
      "x-content-type-options": "nosniff",
    }),
  );
  app.get("/favicon.ico", (c) =>
    c.body(dashboardFavicon, 200, { "content-type": "image/svg+xml", "cache-control": "max-age=86400" }),
  );
  app.get("/devnet/overview", async (c) => c.json(await readOverview()));
}
