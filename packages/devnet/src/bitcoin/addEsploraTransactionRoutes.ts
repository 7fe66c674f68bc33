import { hex } from "@scure/base";
import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { BitcoinChain } from "./createBitcoinChain.js";
import { esploraTransactionOf } from "./esploraTransactionOf.js";
import { indexParam } from "./indexParam.js";
import { toEsploraOutspend } from "./toEsploraOutspend.js";
import { toEsploraStatus, toEsploraTransaction } from "./toEsploraTransaction.js";

/** The largest `POST /tx` body: the hex of a transaction of the standard weight limit, and some. */
const maxBroadcastBodyBytes = 1_000_000;

/**
 * Adds Esplora's transaction routes: `GET /tx/:txid`, `/tx/:txid/status`, `/tx/:txid/hex` (text),
 * `/tx/:txid/raw` (bytes), `/tx/:txid/outspend/:vout`, `/tx/:txid/outspends`, and `POST /tx`, which
 * takes the raw transaction's hex as the body (at most 1,000,000 bytes, else 413) and answers its
 * txid as text; a refused transaction throws Bitcoin Core's reason (`answerEsploraError`).
 *
 * @param app - The Esplora sub-app.
 * @param chain - The chain served. {@link BitcoinChain}
 * @example
 * addEsploraTransactionRoutes(app, chain)
 */
export function addEsploraTransactionRoutes(app: Hono, chain: BitcoinChain): void {
  app.get("/tx/:txid", (c) => c.json(toEsploraTransaction(esploraTransactionOf(c, chain))));
  app.get("/tx/:txid/status", (c) => c.json(toEsploraStatus(esploraTransactionOf(c, chain).status)));
  app.get("/tx/:txid/hex", (c) => c.text(esploraTransactionOf(c, chain).hex));
  app.get("/tx/:txid/raw", (c) =>
    c.body(Uint8Array.from(hex.decode(esploraTransactionOf(c, chain).hex)), 200, {
      "content-type": "application/octet-stream",
    }),
  );
  app.get("/tx/:txid/outspend/:vout", (c) => {
    const record = esploraTransactionOf(c, chain);
    return c.json(toEsploraOutspend(chain, record.txid, indexParam(c, "vout")));
  });
  app.get("/tx/:txid/outspends", (c) => {
    const record = esploraTransactionOf(c, chain);
    return c.json(record.transaction.outputs.map((_, vout) => toEsploraOutspend(chain, record.txid, vout)));
  });
  app.post(
    "/tx",
    bodyLimit({
      maxSize: maxBroadcastBodyBytes,
      onError: (c) => c.text(`Request body larger than ${maxBroadcastBodyBytes} bytes`, 413),
    }),
    async (c) => c.text(chain.broadcast(await c.req.text()).txid),
  );
}
