import { InvalidBitcoinAddressError } from "attestkit/chains";
import type { Context } from "hono";
import { EsploraHttpError } from "./EsploraHttpError.js";
import { BitcoinTransactionRejectedError } from "./errors.js";

/**
 * The answer to an error, as Esplora answers (plain text): an `EsploraHttpError` with its status; a
 * refused broadcast 400 `sendrawtransaction RPC error: {"code":…,"message":…}` with Bitcoin Core's
 * code and reject reason; a malformed address 400; anything else 500 `Internal error`, without its
 * text.
 *
 * @param error - What a route threw.
 * @param c - The request's context.
 * @returns The response.
 * @example
 * app.onError(answerEsploraError)
 */
export function answerEsploraError(error: Error, c: Context): Response {
  if (error instanceof EsploraHttpError) return c.text(error.message, error.status);
  if (error instanceof BitcoinTransactionRejectedError)
    return c.text(
      `sendrawtransaction RPC error: ${JSON.stringify({ code: error.code, message: error.rpcMessage })}`,
      400,
    );
  if (error instanceof InvalidBitcoinAddressError)
    return c.text(`Invalid Bitcoin address: ${error.shortMessage}`, 400);
  return c.text("Internal error", 500);
}
