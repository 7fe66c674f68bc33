import type { Hono } from "hono";
import { type ChainHealthDeps, handleChainHealth } from "./handleChainHealth.js";
import { type ChainLiquidityDeps, handleChainLiquidity } from "./handleChainLiquidity.js";
import { type DepositAddressDeps, handleDepositAddress } from "./handleDepositAddress.js";
import {
  type DepositAddressReindexDeps,
  handleDepositAddressReindex,
} from "./handleDepositAddressReindex.js";
import { handlePriceRates, type PriceRatesDeps } from "./handlePriceRates.js";
import { handleSwapSources, type SwapSourcesDeps } from "./handleSwapSources.js";
import { handleTokenPrice, type TokenPriceDeps } from "./handleTokenPrice.js";
import { readJsonBody } from "./readJsonBody.js";
import { registerExecuteInputChecks } from "./registerExecuteInputChecks.js";
import { validateIntegratorRequest } from "./validateIntegratorRequest.js";

/** What the integrator routes use of the devnet: its chains, currencies, market, solver and requests. */
export type IntegratorRoutesDeps = ChainHealthDeps &
  ChainLiquidityDeps &
  SwapSourcesDeps &
  PriceRatesDeps &
  TokenPriceDeps &
  DepositAddressDeps &
  DepositAddressReindexDeps;

/**
 * Adds the integrator routes of the official SDK's API types, each input checked with the shared
 * request schema the client sends with (`validateIntegratorRequest`: 400 with the field's code;
 * unknown query and body fields are ignored, as the live service ignores them), and answered from
 * what is true of the devnet:
 *
 * - `GET /chains/health[?chainId]`: a chain, or every chain, without incident and answering (`handleChainHealth`);
 * - `GET /chains/liquidity?chainId`: the solver's balance of each currency there (`handleChainLiquidity`);
 * - `GET /swap-sources[?chainId]`: the sources its swaps go through (`handleSwapSources`);
 * - `GET /prices/rates`: USD rates of its currencies at the market's price now (`handlePriceRates`);
 * - `GET /currencies/token/price?address&chainId`: one currency's USD price (`handleTokenPrice`);
 * - `GET /deposit-addresses/v1?address|requestId`: a deposit address it made (`handleDepositAddress`);
 * - `POST /transactions/deposit-address/reindex`: re-reads a deposit address and sweeps what it holds
 *   (`handleDepositAddressReindex`).
 *
 * It also checks, before their handlers run (so it is registered before `registerExecuteRoutes`), the
 * input of the routes that one serves: `POST /execute/permits` (the query's signature and the body),
 * `GET /app-fees/{wallet}/balances` and `POST /app-fees/{wallet}/claim` (the path's wallet and the body).
 *
 * @param app - The devnet's app.
 * @param context - {@link IntegratorRoutesDeps}
 * @example
 * registerIntegratorRoutes(app, context)
 * registerExecuteRoutes(app, context)
 */
export function registerIntegratorRoutes(app: Hono, context: IntegratorRoutesDeps): void {
  app.get("/chains/health", async (c) => {
    const query = validateIntegratorRequest({ endpoint: "chainHealth", input: c.req.query(), style: "code" });
    return c.json(await handleChainHealth({ context, query }));
  });
  app.get("/chains/liquidity", async (c) => {
    const query = validateIntegratorRequest({ endpoint: "chainLiquidity", input: c.req.query() });
    return c.json(await handleChainLiquidity({ context, query }));
  });
  app.get("/swap-sources", (c) => {
    const query = validateIntegratorRequest({ endpoint: "swapSources", input: c.req.query() });
    return c.json(handleSwapSources({ context, query }));
  });
  app.get("/prices/rates", (c) => {
    validateIntegratorRequest({ endpoint: "priceRates", input: c.req.query() });
    return c.json(handlePriceRates(context));
  });
  app.get("/currencies/token/price", (c) => {
    const query = validateIntegratorRequest({ endpoint: "tokenPrice", input: c.req.query() });
    return c.json(handleTokenPrice({ context, query }));
  });
  app.get("/deposit-addresses/v1", (c) => {
    const query = validateIntegratorRequest({ endpoint: "depositAddress", input: c.req.query() });
    return c.json(handleDepositAddress({ context, query }));
  });
  app.post("/transactions/deposit-address/reindex", async (c) => {
    const body = validateIntegratorRequest({
      endpoint: "depositAddressReindex",
      input: await readJsonBody(c),
    });
    return c.json(await handleDepositAddressReindex({ context, body }));
  });
  // Not a route of its own: checks before the routes of `registerExecuteRoutes`.
  registerExecuteInputChecks(app);
}
