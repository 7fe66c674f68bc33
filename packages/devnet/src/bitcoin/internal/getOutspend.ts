import type { BitcoinOutspend } from "../types.js";
import { type BitcoinChainState, outpointKey } from "./bitcoinChainState.js";

/**
 * Whether an output is spent, and by what: the spending transaction (in a block or in the mempool),
 * its input index and its status, as Esplora's `outspend` reports it.
 *
 * @param state - The chain's state. {@link BitcoinChainState}
 * @param txid - The transaction, 64 hex digits (any case).
 * @param vout - The output's index.
 * @returns The spend ({@link BitcoinOutspend}); undefined when the transaction or the output does not exist.
 * @example
 * getOutspend(state, txid, 0) // { spent: false }
 */
export function getOutspend(
  state: BitcoinChainState,
  txid: string,
  vout: number,
): BitcoinOutspend | undefined {
  const record = state.records.get(txid.toLowerCase());
  if (!record || !Number.isSafeInteger(vout) || vout < 0 || vout >= record.transaction.outputs.length)
    return undefined;
  const spender = state.spends.get(outpointKey(record.txid, vout));
  if (!spender) return { spent: false };
  const spending = state.records.get(spender.txid);
  // Every spend the chain records is of a transaction it holds.
  if (!spending) throw new Error(`Bitcoin chain: the spender ${spender.txid} of ${txid}:${vout} is unknown.`);
  return { spent: true, txid: spender.txid, vin: spender.vin, status: spending.status };
}
