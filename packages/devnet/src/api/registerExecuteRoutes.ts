import type { Hono } from "hono";
import { apiKeyOf } from "./apiKeyOf.js";
import { handleAppFeeClaims } from "./handleAppFeeClaims.js";
import { handleAppFeeBalances, handleAppFeeClaim, handleAppFeeClaimExecute } from "./handleAppFees.js";
import { handleExecute } from "./handleExecute.js";
import { handlePermit } from "./handlePermit.js";
import { readJsonBody } from "./readJsonBody.js";
import type { DevnetContext } from "./types.js";
import { validateIntegratorRequest } from "./validateIntegratorRequest.js";

/**
 * Adds the execute API and the app fee endpoints:
 *
 * - `POST /execute`: the relayer sends a caller's call, gas paid (`handleExecute`);
 * - `POST /execute/permits?signature=`: submits a quote's EIP-3009 authorization (`handlePermit`);
 * - `GET /app-fees/{wallet}/balances`: the app fees a wallet earned (`handleAppFeeBalances`);
 * - `POST /app-fees/{wallet}/claim`: the steps of a claim (`handleAppFeeClaim`);
 * - `POST /app-fees/{wallet}/claim/execute?signature=`: carries out a signed claim (`handleAppFeeClaimExecute`);
 * - `GET /app-fees/{wallet}/claims`: the wallet's claims, a page at a time (`handleAppFeeClaims`).
 *
 * @param app - The devnet's app.
 * @param context - {@link DevnetContext}
 * @example
 * registerExecuteRoutes(app, context)
 */
export function registerExecuteRoutes(app: Hono, context: DevnetContext): void {
  app.post("/execute", async (c) =>
    c.json(await handleExecute({ context, body: await readJsonBody(c), apiKey: apiKeyOf(c) })),
  );
  app.post("/execute/permits", async (c) =>
    c.json(await handlePermit({ context, signature: c.req.query("signature"), body: await readJsonBody(c) })),
  );
  app.get("/app-fees/:wallet/balances", (c) =>
    c.json(handleAppFeeBalances({ context, wallet: c.req.param("wallet") })),
  );
  app.post("/app-fees/:wallet/claim", async (c) =>
    c.json(handleAppFeeClaim({ context, wallet: c.req.param("wallet"), body: await readJsonBody(c) })),
  );
  app.post("/app-fees/:wallet/claim/execute", async (c) =>
    c.json(
      await handleAppFeeClaimExecute({
        context,
        wallet: c.req.param("wallet"),
        signature: c.req.query("signature"),
        body: await readJsonBody(c),
      }),
    ),
  );
  app.get("/app-fees/:wallet/claims", (c) => {
    const query = validateIntegratorRequest({
      endpoint: "appFeeClaims",
      input: { ...c.req.query(), wallet: c.req.param("wallet") },
    });
    return c.json(handleAppFeeClaims({ context, query }));
  });
}
