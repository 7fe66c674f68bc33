import type { Hono } from "hono";
import type { ErrorBody } from "./errorBody.js";
import { readExplorerAddress } from "./readExplorerAddress.js";
import { type ExplorerDeps, readExplorerTransaction } from "./readExplorerTransaction.js";

/**
 * Adds the devnet's block explorer, the `explorerUrl` of `GET /chains` for its EVM chains and its
 * exchange (Bitcoin's is its Esplora API), answering in JSON at the paths a wallet appends to an
 * explorer URL:
 * - `GET /explorer/{chainId}/tx/{hash}`: a transaction and its receipt, or an exchange transfer
 *   (`readExplorerTransaction`);
 * - `GET /explorer/{chainId}/address/{address}`: an address's balance, nonce and code, or an exchange
 *   account's balances (`readExplorerAddress`).
 * An unknown chain, transaction or address is 404 `{message, code: "NOT_FOUND"}`.
 *
 * @param app - The devnet's app.
 * @param context - {@link ExplorerDeps}
 * @example
 * registerExplorerRoutes(app, context)
 */
export function registerExplorerRoutes(app: Hono, context: ExplorerDeps): void {
  const notFound = (what: string): ErrorBody => ({ message: `No ${what} on the devnet`, code: "NOT_FOUND" });
  app.get("/explorer/:chainId/tx/:hash", async (c) => {
    const { chainId, hash } = c.req.param();
    const found = await readExplorerTransaction({ context, chainId: Number(chainId), hash });
    return found ? c.json(found) : c.json(notFound(`transaction ${hash} on chain ${chainId}`), 404);
  });
  app.get("/explorer/:chainId/address/:address", async (c) => {
    const { chainId, address } = c.req.param();
    const found = await readExplorerAddress({ context, chainId: Number(chainId), address });
    return found ? c.json(found) : c.json(notFound(`address ${address} on chain ${chainId}`), 404);
  });
}
