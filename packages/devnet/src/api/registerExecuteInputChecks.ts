import type { Hono } from "hono";
import { readJsonBody } from "./readJsonBody.js";
import { validateIntegratorRequest } from "./validateIntegratorRequest.js";
import { withInputFields } from "./withInputFields.js";

/**
 * Checks the input of the routes `registerExecuteRoutes` serves with the shared request schemas the
 * client sends with, then hands the request on to them (`next`): `POST /execute/permits` (the
 * query's `signature` with the body's `kind`, `requestId`, `api`), `GET /app-fees/{wallet}/balances`
 * (the path's wallet) and `POST /app-fees/{wallet}/claim` (the wallet with the body). A broken rule is
 * 400 with the field's code before the handler runs; the handlers' own checks (a known request, an
 * EVM wallet, a balance) follow. Registered before `registerExecuteRoutes`, as routes run in the
 * order they are added; the body read here is read again there from Hono's cache.
 *
 * @param app - The devnet's app.
 * @example
 * registerExecuteInputChecks(app)
 * registerExecuteRoutes(app, context)
 */
export function registerExecuteInputChecks(app: Hono): void {
  app.post("/execute/permits", async (c, next) => {
    validateIntegratorRequest({
      endpoint: "executePermit",
      input: withInputFields(await readJsonBody(c), { signature: c.req.query("signature") }),
    });
    await next();
  });
  app.get("/app-fees/:wallet/balances", async (c, next) => {
    validateIntegratorRequest({ endpoint: "appFeeBalances", input: { wallet: c.req.param("wallet") } });
    await next();
  });
  app.post("/app-fees/:wallet/claim", async (c, next) => {
    validateIntegratorRequest({
      endpoint: "appFeeClaim",
      input: withInputFields(await readJsonBody(c), { wallet: c.req.param("wallet") }),
    });
    await next();
  });
}
