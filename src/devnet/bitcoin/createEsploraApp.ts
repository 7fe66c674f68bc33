import { hex } from "@scure/base";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { InvalidBitcoinAddressError } from "../../chains/bitcoin/errors.js";
import type { BitcoinChain } from "./createBitcoinChain.js";
import { BitcoinTransactionRejectedError } from "./errors.js";
import { toEsploraBlock } from "./toEsploraBlock.js";
import { toEsploraStatus, toEsploraTransaction } from "./toEsploraTransaction.js";
import type { BitcoinAddressStats, BitcoinTransactionRecord } from "./types.js";

/** An answer other than 2xx, sent as Esplora sends its errors: a plain-text body. */
class EsploraHttpError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

/** Confirmation targets `GET /fee-estimates` answers, as Esplora does. */
const feeTargets = [...Array.from({ length: 25 }, (_, i) => i + 1), 144, 504, 1008];

/** Mempool transactions `GET /address/:address/txs` returns at most, then confirmed ones per page. */
const mempoolPage = 50;
const chainPage = 25;

/** The largest `POST /tx` body: the hex of a transaction of the standard weight limit, and some. */
const maxBroadcastBodyBytes = 1_000_000;

const txidPattern = /^[0-9a-fA-F]{64}$/;
const indexPattern = /^(0|[1-9][0-9]{0,9})$/;

function txidParam(c: Context, name = "txid"): string {
  const value = c.req.param(name) ?? "";
  if (!txidPattern.test(value)) throw new EsploraHttpError(400, "Invalid hex string");
  return value.toLowerCase();
}

function indexParam(c: Context, name: string): number {
  const value = c.req.param(name) ?? "";
  if (!indexPattern.test(value)) throw new EsploraHttpError(400, `Invalid ${name}: ${value.slice(0, 20)}`);
  return Number(value);
}

const toEsploraStats = (stats: BitcoinAddressStats) => ({
  funded_txo_count: stats.fundedTxoCount,
  funded_txo_sum: Number(stats.fundedTxoSum),
  spent_txo_count: stats.spentTxoCount,
  spent_txo_sum: Number(stats.spentTxoSum),
  tx_count: stats.txCount,
});

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

  const blockOf = (c: Context) => {
    const hash = c.req.param("hash") ?? "";
    if (!txidPattern.test(hash)) throw new EsploraHttpError(400, "Invalid hex string");
    const block = chain.getBlock(hash);
    if (!block) throw new EsploraHttpError(404, "Block not found");
    return block;
  };
  const transactionOf = (c: Context): BitcoinTransactionRecord => {
    const record = chain.getTransaction(txidParam(c));
    if (!record) throw new EsploraHttpError(404, "Transaction not found");
    return record;
  };
  const addressOf = (c: Context) => c.req.param("address") ?? "";

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

  app.get("/block/:hash", (c) => c.json(toEsploraBlock(blockOf(c))));
  app.get("/block/:hash/status", (c) => {
    const block = blockOf(c);
    const next = chain.getBlock(block.height + 1);
    return c.json({ in_best_chain: true, height: block.height, next_best: next?.hash ?? null });
  });
  app.get("/block/:hash/txids", (c) => c.json(blockOf(c).txids));
  app.get("/block/:hash/header", (c) => c.text(blockOf(c).header));
  const blockTransactions = (c: Context) => {
    const block = blockOf(c);
    const start = c.req.param("start_index") === undefined ? 0 : indexParam(c, "start_index");
    if (start >= block.txids.length && start > 0) throw new EsploraHttpError(400, "start index out of range");
    return c.json(
      block.txids
        .slice(start, start + chainPage)
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

  app.get("/tx/:txid", (c) => c.json(toEsploraTransaction(transactionOf(c))));
  app.get("/tx/:txid/status", (c) => c.json(toEsploraStatus(transactionOf(c).status)));
  app.get("/tx/:txid/hex", (c) => c.text(transactionOf(c).hex));
  app.get("/tx/:txid/raw", (c) =>
    c.body(Uint8Array.from(hex.decode(transactionOf(c).hex)), 200, {
      "content-type": "application/octet-stream",
    }),
  );
  const outspend = (txid: string, vout: number) => {
    const spend = chain.getOutspend(txid, vout);
    if (!spend) throw new EsploraHttpError(404, "Transaction output not found");
    return spend.spent
      ? { spent: true, txid: spend.txid, vin: spend.vin, status: toEsploraStatus(spend.status) }
      : { spent: false };
  };
  app.get("/tx/:txid/outspend/:vout", (c) => {
    const record = transactionOf(c);
    return c.json(outspend(record.txid, indexParam(c, "vout")));
  });
  app.get("/tx/:txid/outspends", (c) => {
    const record = transactionOf(c);
    return c.json(record.transaction.outputs.map((_, vout) => outspend(record.txid, vout)));
  });
  app.post(
    "/tx",
    bodyLimit({
      maxSize: maxBroadcastBodyBytes,
      onError: (c) => c.text(`Request body larger than ${maxBroadcastBodyBytes} bytes`, 413),
    }),
    async (c) => c.text(chain.broadcast(await c.req.text()).txid),
  );

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
    const unconfirmed = records.filter((record) => !record.status.confirmed).slice(0, mempoolPage);
    const confirmed = records.filter((record) => record.status.confirmed).slice(0, chainPage);
    return c.json([...unconfirmed, ...confirmed].map((record) => toEsploraTransaction(record)));
  });
  const chainTransactions = (c: Context) => {
    const confirmed = chain.getAddressTransactions(addressOf(c)).filter((record) => record.status.confirmed);
    const lastSeen = c.req.param("last_seen_txid") === undefined ? undefined : txidParam(c, "last_seen_txid");
    const from = lastSeen === undefined ? 0 : confirmed.findIndex((record) => record.txid === lastSeen) + 1;
    if (lastSeen !== undefined && from === 0)
      throw new EsploraHttpError(400, "last_seen_txid is not a confirmed transaction of the address");
    return c.json(confirmed.slice(from, from + chainPage).map((record) => toEsploraTransaction(record)));
  };
  app.get("/address/:address/txs/chain", chainTransactions);
  app.get("/address/:address/txs/chain/:last_seen_txid", chainTransactions);
  app.get("/address/:address/txs/mempool", (c) =>
    c.json(
      chain
        .getAddressTransactions(addressOf(c))
        .filter((record) => !record.status.confirmed)
        .slice(0, mempoolPage)
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

  app.get("/mempool", (c) => {
    const mempool = chain.mempool();
    const byRate = new Map<number, number>();
    for (const record of mempool) {
      const rate = Math.floor((Number(record.fee) / record.vsize) * 100) / 100;
      byRate.set(rate, (byRate.get(rate) ?? 0) + record.vsize);
    }
    return c.json({
      count: mempool.length,
      vsize: mempool.reduce((sum, record) => sum + record.vsize, 0),
      total_fee: Number(mempool.reduce((sum, record) => sum + record.fee, 0n)),
      fee_histogram: [...byRate.entries()].sort((a, b) => b[0] - a[0]),
    });
  });
  app.get("/mempool/txids", (c) => c.json(chain.mempool().map((record) => record.txid)));
  app.get("/fee-estimates", (c) =>
    c.json(Object.fromEntries(feeTargets.map((target) => [String(target), Number(chain.feeRate)]))),
  );

  app.onError((error, c) => {
    if (error instanceof EsploraHttpError) return c.text(error.message, error.status);
    if (error instanceof BitcoinTransactionRejectedError)
      return c.text(
        `sendrawtransaction RPC error: ${JSON.stringify({ code: error.code, message: error.rpcMessage })}`,
        400,
      );
    if (error instanceof InvalidBitcoinAddressError)
      return c.text(`Invalid Bitcoin address: ${error.shortMessage}`, 400);
    return c.text("Internal error", 500);
  });
  return app;
}
