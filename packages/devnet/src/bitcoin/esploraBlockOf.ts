import type { Context } from "hono";
import type { BitcoinChain } from "./createBitcoinChain.js";
import { EsploraHttpError } from "./EsploraHttpError.js";
import { txidParam } from "./txidParam.js";
import type { BitcoinBlock } from "./types.js";

/**
 * The block a request's `:hash` parameter names.
 *
 * @param c - The request's context.
 * @param chain - The chain served. {@link BitcoinChain}
 * @returns The block. {@link BitcoinBlock}
 * @throws {EsploraHttpError} 400 `Invalid hex string`, 404 `Block not found`.
 * @example
 * esploraBlockOf(c, chain).height
 */
export function esploraBlockOf(c: Context, chain: BitcoinChain): BitcoinBlock {
  const block = chain.getBlock(txidParam(c, "hash"));
  if (!block) throw new EsploraHttpError(404, "Block not found");
  return block;
}
