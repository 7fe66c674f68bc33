import { Hono } from "hono";
import { registerChainApis } from "./registerChainApis.js";
import { registerDevnetAdminRoutes } from "./registerDevnetAdminRoutes.js";
import { registerErrorHandlers } from "./registerErrorHandlers.js";
import { registerExecuteRoutes } from "./registerExecuteRoutes.js";
import { registerExplorerRoutes } from "./registerExplorerRoutes.js";
import { registerIncidentRoutes } from "./registerIncidentRoutes.js";
import { registerInspectionRoutes } from "./registerInspectionRoutes.js";
import { registerIntegratorRoutes } from "./registerIntegratorRoutes.js";
import { registerInvariantRoutes } from "./registerInvariantRoutes.js";
import { registerPriceRoutes } from "./registerPriceRoutes.js";
import { registerQuoteRoutes } from "./registerQuoteRoutes.js";
import { registerRequestGuards } from "./registerRequestGuards.js";
import { registerSdkRoutes } from "./registerSdkRoutes.js";
import { registerStatusRoutes } from "./registerStatusRoutes.js";
import { registerTransactionRoutes } from "./registerTransactionRoutes.js";
import { registerWalletScreeningRoutes } from "./registerWalletScreeningRoutes.js";
import type { DevnetContext } from "./types.js";

/**
 * Builds the devnet's HTTP app: every endpoint of the interface at the root, JSON-RPC of each chain
 * at `POST /rpc/<chainId>`, the Bitcoin chain's Esplora-compatible API under `/bitcoin/api`, the
 * external exchange's transfer API under `/exchange/api`, the block explorer under `/explorer/<chainId>`
 * (`registerExplorerRoutes`), and `GET /devnet/info`. Bodies are validated with the shared request
 * schemas; failures answer 400 `{message, errorCode}` (quote, price, currencies, indexing) or
 * `{message, code}` (status, signature), unknown request ids 404, and callers over their rate limit
 * 429 `{message}` with `Retry-After`. JSON-RPC, the Esplora and exchange APIs and `/devnet/*` are
 * not rate limited. Before anything else, a request from a web page other than the devnet's own is
 * refused (`checkLocalRequest`: 403 `FORBIDDEN_HOST` or `FORBIDDEN_ORIGIN`, 415
 * `UNSUPPORTED_MEDIA_TYPE` for a body that is not JSON), and JSON-RPC serves the chain-admin
 * methods only with `rpcAdmin`.
 *
 * @param context - {@link DevnetContext}
 * @returns The Hono app.
 * @example
 * const app = createDevnetApp(context)
 * serve({ fetch: app.fetch, hostname: "127.0.0.1", port })
 */
export function createDevnetApp(context: DevnetContext): Hono {
  const app = new Hono();
  // Guards first, as middleware runs in the order it is added; then the routes, in a fixed order,
  // because a path two routes could match goes to the one added first.
  registerRequestGuards(app, context);
  registerQuoteRoutes(app, context);
  // Before the execute routes: it checks their input with the shared schemas first.
  registerIntegratorRoutes(app, context);
  registerExecuteRoutes(app, context);
  registerStatusRoutes(app, context);
  registerTransactionRoutes(app, context);
  registerInspectionRoutes(app, context);
  registerIncidentRoutes(app, context);
  registerSdkRoutes(app, context);
  registerWalletScreeningRoutes(app, context);
  registerPriceRoutes(app, context);
  registerDevnetAdminRoutes(app, context);
  registerInvariantRoutes(app, context);
  registerChainApis(app, context);
  registerExplorerRoutes(app, context);
  registerErrorHandlers(app, context);
  return app;
}
