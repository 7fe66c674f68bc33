import type { Hono } from "hono";
import { esploraPathPrefix } from "../bitcoin/constants.js";
import { createEsploraApp } from "../bitcoin/createEsploraApp.js";
import { exchangePathPrefix } from "../constants.js";
import { createExchangeApp } from "../exchange/createExchangeApp.js";
import type { ErrorBody } from "./errorBody.js";
import { handleRpc } from "./handleRpc.js";
import type { DevnetContext } from "./types.js";

/** What the chain APIs use of the devnet: its chains, Bitcoin chain, exchange and RPC setting. */
export type ChainApisDeps = Pick<DevnetContext, "chains" | "bitcoin" | "exchange" | "rpcAdmin">;

/**
 * Adds each chain's own API (none rate limited):
 *
 * - the Bitcoin chain's Esplora-compatible API under `/bitcoin/api`, when the devnet runs it;
 * - the external exchange's transfer API under `/exchange/api`, when the devnet runs it;
 * - `POST /rpc/{chainId}`: JSON-RPC of each EVM chain (`handleRpc`; the chain-admin methods only
 *   with `rpcAdmin`). An unknown chain is 404 `{message, code: "NOT_FOUND"}`; a body that is not
 *   JSON is the JSON-RPC parse error (-32700) with a null id, as JSON-RPC 2.0 prescribes.
 *
 * @param app - The devnet's app.
 * @param context - {@link ChainApisDeps}
 * @example
 * registerChainApis(app, context)
 */
export function registerChainApis(app: Hono, context: ChainApisDeps): void {
  if (context.bitcoin) app.route(esploraPathPrefix, createEsploraApp(context.bitcoin.chain));
  if (context.exchange) app.route(exchangePathPrefix, createExchangeApp(context.exchange.ledger));

  app.post("/rpc/:chainId", async (c) => {
    const chain = context.chains.get(Number(c.req.param("chainId")));
    if (!chain)
      return c.json(
        { message: `No devnet chain ${c.req.param("chainId")}`, code: "NOT_FOUND" } satisfies ErrorBody,
        404,
      );
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
    }
    return c.json(await handleRpc({ chain, body, admin: context.rpcAdmin }));
  });
}
