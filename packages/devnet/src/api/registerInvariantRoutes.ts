import type { Hono } from "hono";
import { readCoinOwnership } from "../invariant/readCoinOwnership.js";
import type { DevnetContext } from "./types.js";

/** What the invariant's route uses of the devnet: its chains, requests and what the invariant needs besides. */
export type InvariantRoutesDeps = Pick<DevnetContext, "chains" | "store" | "coins" | "bitcoin" | "exchange">;

/**
 * Adds `GET /devnet/invariant`: "no coin without an owner" checked now (`readCoinOwnership`), once
 * every deposit seen so far is processed: 200 `{ok, blocks, holdings, differences}` (integers as
 * decimal strings), `ok` false with the differences (chain, holder, currency, expected, actual, the
 * requests). Nothing is added to a context without `coins` (unit tests).
 *
 * @param app - The devnet's app.
 * @param context - {@link InvariantRoutesDeps}
 * @example
 * registerInvariantRoutes(app, context)
 */
export function registerInvariantRoutes(app: Hono, context: InvariantRoutesDeps): void {
  const { coins } = context;
  if (!coins) return;
  app.get("/devnet/invariant", async (c) =>
    c.json(
      await readCoinOwnership({
        chains: context.chains,
        store: context.store,
        bitcoin: context.bitcoin,
        exchange: context.exchange,
        ...coins,
      }),
    ),
  );
}
