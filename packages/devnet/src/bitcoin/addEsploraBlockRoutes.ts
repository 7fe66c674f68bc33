import type { Context, Hono } from "hono";
import type { BitcoinChain } from "./createBitcoinChain.js";
import { EsploraHttpError } from "./EsploraHttpError.js";
import { esploraBlockOf } from "./esploraBlockOf.js";
import { esploraChainPage } from "./esploraLimits.js";
import { indexParam } from "./indexParam.js";
import { toEsploraBlock } from "./toEsploraBlock.js";
import { toEsploraTransaction } from "./toEsploraTransaction.js";
import type { BitcoinTransactionRecord } from "./types.js";

/**
 * Adds Esplora's block routes: `GET /blocks/tip/height`, `/blocks/tip/hash`, `/blocks[/:start_height]`
 * (ten blocks down from the tip or the height), `/block/:hash`, `/block/:hash/status`,
 * `/block/:hash/txids`, `/block/:hash/header`, `/block/:hash/txs[/:start_index]` (25 per page) and
 * `/block-height/:height`. Heights and hashes are answered as plain text, the rest as JSON.
 *
 * @param app - The Esplora sub-app.
 * @param chain - The chain served. {@link BitcoinChain}
 * @example
 * addEsploraBlockRoutes(app, chain)
 */
export function addEsploraBlockRoutes(app: Hono, chain: BitcoinChain): void {
  app.get("/blocks/tip/height", (c) => c.text(String(chain.height())));
  app.get("/blocks/tip/hash", (c) => c.text(chain.tip().hash));
  const blocks = (c: Context) => {
    const startParam = c.req.param("start_height");
    const start =
      startParam === undefined ? chain.height() : Math.min(indexParam(c, "start_height"), chain.height());
    const list = [];
    for (let height = start; height >= 0 && list.length < 10; height--) {
      const block = chain.getBlock(height);
      if (block) list.push(toEsploraBlock(block));
    }
    return c.json(list);
  };
  app.get("/blocks", blocks);
  app.get("/blocks/:start_height", blocks);

  app.get("/block/:hash", (c) => c.json(toEsploraBlock(esploraBlockOf(c, chain))));
  app.get("/block/:hash/status", (c) => {
    const block = esploraBlockOf(c, chain);
    const next = chain.getBlock(block.height + 1);
    return c.json({ in_best_chain: true, height: block.height, next_best: next?.hash ?? null });
  });
  app.get("/block/:hash/txids", (c) => c.json(esploraBlockOf(c, chain).txids));
  app.get("/block/:hash/header", (c) => c.text(esploraBlockOf(c, chain).header));
  const blockTransactions = (c: Context) => {
    const block = esploraBlockOf(c, chain);
    const start = c.req.param("start_index") === undefined ? 0 : indexParam(c, "start_index");
    if (start >= block.txids.length && start > 0) throw new EsploraHttpError(400, "start index out of range");
    return c.json(
      block.txids
        .slice(start, start + esploraChainPage)
        .map((txid) =>
          toEsploraTransaction(chain.getTransaction(txid) as BitcoinTransactionRecord, { withStatus: false }),
        ),
    );
  };
  app.get("/block/:hash/txs", blockTransactions);
  app.get("/block/:hash/txs/:start_index", blockTransactions);
  app.get("/block-height/:height", (c) => {
    const block = chain.getBlock(indexParam(c, "height"));
    if (!block) throw new EsploraHttpError(404, "Block not found");
    return c.text(block.hash);
  });
}
