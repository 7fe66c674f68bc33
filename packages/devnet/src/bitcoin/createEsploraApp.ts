import { Hono } from "hono";
import { addEsploraAddressRoutes } from "./addEsploraAddressRoutes.js";
import { addEsploraBlockRoutes } from "./addEsploraBlockRoutes.js";
import { addEsploraMempoolRoutes } from "./addEsploraMempoolRoutes.js";
import { addEsploraTransactionRoutes } from "./addEsploraTransactionRoutes.js";
import { answerEsploraError } from "./answerEsploraError.js";
import type { BitcoinChain } from "./createBitcoinChain.js";

/**
 * Creates the Esplora-compatible REST API of a devnet Bitcoin chain as a Hono sub-app, meant to be
 * mounted under `/bitcoin/api` (`app.route("/bitcoin/api", createEsploraApp(chain))`), the way
 * public explorers serve it under `/api`. Shapes follow Esplora's API: numbers in satoshis, `status`
 * objects, plain-text answers for heights, hashes, hex and errors (400 for bad input, 404 for unknown
 * blocks, transactions and outputs). `POST /tx` takes the raw transaction hex as the body and answers
 * the txid; a refused transaction answers 400 `sendrawtransaction RPC error: {"code":…,"message":…}`
 * with Bitcoin Core's reject reason.
 *
 * Routes: `GET /blocks/tip/height`, `/blocks/tip/hash`, `/blocks[/:start_height]`, `/block/:hash`,
 * `/block/:hash/status`, `/block/:hash/txids`, `/block/:hash/txs[/:start_index]`, `/block/:hash/header`,
 * `/block-height/:height`, `/tx/:txid`, `/tx/:txid/status`, `/tx/:txid/hex`, `/tx/:txid/raw`,
 * `/tx/:txid/outspend/:vout`, `/tx/:txid/outspends`, `POST /tx`, `/address/:address`,
 * `/address/:address/txs`, `/address/:address/txs/chain[/:last_seen_txid]`,
 * `/address/:address/txs/mempool`, `/address/:address/utxo`, `/mempool`, `/mempool/txids`,
 * `/fee-estimates`.
 *
 * @param chain - The chain to serve.
 * @returns The Hono sub-app.
 * @example
 * app.route("/bitcoin/api", createEsploraApp(chain))
 * // GET /bitcoin/api/address/bc1q…  → { address, chain_stats, mempool_stats }
 */
export function createEsploraApp(chain: BitcoinChain): Hono {
  const app = new Hono();
  addEsploraBlockRoutes(app, chain);
  addEsploraTransactionRoutes(app, chain);
  addEsploraAddressRoutes(app, chain);
  addEsploraMempoolRoutes(app, chain);
  app.onError(answerEsploraError);
  return app;
}
