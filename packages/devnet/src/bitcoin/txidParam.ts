import type { Context } from "hono";
import { EsploraHttpError } from "./EsploraHttpError.js";

const txidPattern = /^[0-9a-fA-F]{64}$/;

/**
 * A path parameter that names a transaction or a block: 64 hex digits, any case, as Esplora takes
 * them.
 *
 * @param c - The request's context.
 * @param name - The parameter. Default `txid`.
 * @returns The hash in lower case.
 * @throws {EsploraHttpError} 400 `Invalid hex string`, as Esplora answers.
 * @example
 * txidParam(c, "hash") // "4a5e1e4b…"
 */
export function txidParam(c: Context, name = "txid"): string {
  const value = c.req.param(name) ?? "";
  if (!txidPattern.test(value)) throw new EsploraHttpError(400, "Invalid hex string");
  return value.toLowerCase();
}
