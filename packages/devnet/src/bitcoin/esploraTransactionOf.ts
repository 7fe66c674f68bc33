import type { Context } from "hono";
import type { BitcoinChain } from "./createBitcoinChain.js";
import { EsploraHttpError } from "./EsploraHttpError.js";
import { txidParam } from "./txidParam.js";
import type { BitcoinTransactionRecord } from "./types.js";

/**
 * The transaction (mined or in the mempool) a request's `:txid` parameter names.
 *
 * @param c - The request's context.
 * @param chain - The chain served. {@link BitcoinChain}
 * @returns The record. {@link BitcoinTransactionRecord}
 * @throws {EsploraHttpError} 400 `Invalid hex string`, 404 `Transaction not found`.
 * @example
 * esploraTransactionOf(c, chain).hex
 */
export function esploraTransactionOf(c: Context, chain: BitcoinChain): BitcoinTransactionRecord {
  const record = chain.getTransaction(txidParam(c));
  if (!record) throw new EsploraHttpError(404, "Transaction not found");
  return record;
}
