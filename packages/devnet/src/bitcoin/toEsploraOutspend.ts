import type { BitcoinChain } from "./createBitcoinChain.js";
import { EsploraHttpError } from "./EsploraHttpError.js";
import { toEsploraStatus } from "./toEsploraTransaction.js";

/**
 * Whether an output is spent, as Esplora's `outspend` answers it: `{ spent: false }`, or the
 * spending transaction, its input index and its status.
 *
 * @param chain - The chain served. {@link BitcoinChain}
 * @param txid - The transaction, 64 lower-case hex digits.
 * @param vout - The output's index.
 * @returns `{ spent: false }` or `{ spent: true, txid, vin, status }`.
 * @throws {EsploraHttpError} 404 `Transaction output not found`.
 * @example
 * toEsploraOutspend(chain, txid, 0) // { spent: false }
 */
export function toEsploraOutspend(chain: BitcoinChain, txid: string, vout: number) {
  const spend = chain.getOutspend(txid, vout);
  if (!spend) throw new EsploraHttpError(404, "Transaction output not found");
  return spend.spent
    ? { spent: true, txid: spend.txid, vin: spend.vin, status: toEsploraStatus(spend.status) }
    : { spent: false };
}
