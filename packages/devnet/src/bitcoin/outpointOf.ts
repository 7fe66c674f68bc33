import { hex } from "@scure/base";
import type { RawTransactionInput } from "./internal/transactionCodec.js";

/**
 * The output an input spends: the spent transaction's id (64 hex digits, display order, as decoded)
 * and the output's index.
 *
 * @param input - The input as decoded. {@link RawTransactionInput}
 * @returns `{ txid, vout }`.
 * @example
 * const { txid, vout } = outpointOf(transaction.inputs[0])
 */
export function outpointOf(input: RawTransactionInput): { txid: string; vout: number } {
  return { txid: hex.encode(input.txid), vout: input.index };
}
