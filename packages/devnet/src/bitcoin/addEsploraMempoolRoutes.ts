import type { Hono } from "hono";
import type { BitcoinChain } from "./createBitcoinChain.js";
import { toEsploraMempool } from "./toEsploraMempool.js";

/** Confirmation targets `GET /fee-estimates` answers, as Esplora does: 1 to 25 blocks, 144, 504 and 1008. */
const feeTargets = [...Array.from({ length: 25 }, (_, i) => i + 1), 144, 504, 1008];

/**
 * Adds Esplora's mempool and fee routes: `GET /mempool` (`toEsploraMempool`), `/mempool/txids`, and
 * `/fee-estimates`, which answers the chain's fixed fee rate (`chain.feeRate`, satoshis per virtual
 * byte, the rate the devnet's PSBTs pay) for every target.
 *
 * @param app - The Esplora sub-app.
 * @param chain - The chain served. {@link BitcoinChain}
 * @example
 * addEsploraMempoolRoutes(app, chain)
 */
export function addEsploraMempoolRoutes(app: Hono, chain: BitcoinChain): void {
  app.get("/mempool", (c) => c.json(toEsploraMempool(chain.mempool())));
  app.get("/mempool/txids", (c) => c.json(chain.mempool().map((record) => record.txid)));
  app.get("/fee-estimates", (c) =>
    c.json(Object.fromEntries(feeTargets.map((target) => [String(target), Number(chain.feeRate)]))),
  );
}
