import type { Context, Hono } from "hono";
import type { BitcoinChain } from "./createBitcoinChain.js";
import { EsploraHttpError } from "./EsploraHttpError.js";
import { esploraChainPage, esploraMempoolPage } from "./esploraLimits.js";
import { toEsploraStats } from "./toEsploraStats.js";
import { toEsploraStatus, toEsploraTransaction } from "./toEsploraTransaction.js";
import { txidParam } from "./txidParam.js";

/**
 * Adds Esplora's address routes: `GET /address/:address` (chain and mempool statistics),
 * `/address/:address/txs` (up to 50 mempool transactions, then 25 confirmed, newest first),
 * `/address/:address/txs/chain[/:last_seen_txid]` (25 confirmed per page, after the last one seen),
 * `/address/:address/txs/mempool` and `/address/:address/utxo` (values in satoshis). A malformed
 * address throws `InvalidBitcoinAddressError` (400 through `answerEsploraError`).
 *
 * @param app - The Esplora sub-app.
 * @param chain - The chain served. {@link BitcoinChain}
 * @example
 * addEsploraAddressRoutes(app, chain)
 */
export function addEsploraAddressRoutes(app: Hono, chain: BitcoinChain): void {
  const addressOf = (c: Context) => c.req.param("address") ?? "";
  app.get("/address/:address", (c) => {
    const address = addressOf(c);
    const stats = chain.getAddressStats(address);
    return c.json({
      address,
      chain_stats: toEsploraStats(stats.chain),
      mempool_stats: toEsploraStats(stats.mempool),
    });
  });
  app.get("/address/:address/txs", (c) => {
    const records = chain.getAddressTransactions(addressOf(c));
    const unconfirmed = records.filter((record) => !record.status.confirmed).slice(0, esploraMempoolPage);
    const confirmed = records.filter((record) => record.status.confirmed).slice(0, esploraChainPage);
    return c.json([...unconfirmed, ...confirmed].map((record) => toEsploraTransaction(record)));
  });
  const chainTransactions = (c: Context) => {
    const confirmed = chain.getAddressTransactions(addressOf(c)).filter((record) => record.status.confirmed);
    const lastSeen = c.req.param("last_seen_txid") === undefined ? undefined : txidParam(c, "last_seen_txid");
    const from = lastSeen === undefined ? 0 : confirmed.findIndex((record) => record.txid === lastSeen) + 1;
    if (lastSeen !== undefined && from === 0)
      throw new EsploraHttpError(400, "last_seen_txid is not a confirmed transaction of the address");
    return c.json(
      confirmed.slice(from, from + esploraChainPage).map((record) => toEsploraTransaction(record)),
    );
  };
  app.get("/address/:address/txs/chain", chainTransactions);
  app.get("/address/:address/txs/chain/:last_seen_txid", chainTransactions);
  app.get("/address/:address/txs/mempool", (c) =>
    c.json(
      chain
        .getAddressTransactions(addressOf(c))
        .filter((record) => !record.status.confirmed)
        .slice(0, esploraMempoolPage)
        .map((record) => toEsploraTransaction(record)),
    ),
  );
  app.get("/address/:address/utxo", (c) =>
    c.json(
      chain.getUtxos(addressOf(c)).map((utxo) => ({
        txid: utxo.txid,
        vout: utxo.vout,
        status: toEsploraStatus(utxo.status),
        value: Number(utxo.value),
      })),
    ),
  );
}
