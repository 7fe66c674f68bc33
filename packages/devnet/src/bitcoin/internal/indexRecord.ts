import type { BitcoinChainState, MutableRecord } from "./bitcoinChainState.js";

/**
 * Adds a transaction to the chain's script index: under each output script it pays and each prevout
 * script it spends (once per script), after those seen before it.
 *
 * @param state - The chain's state. {@link BitcoinChainState}
 * @param record - The transaction.
 * @example
 * state.records.set(record.txid, record)
 * indexRecord(state, record)
 */
export function indexRecord({ scriptIndex }: BitcoinChainState, record: MutableRecord): void {
  for (const script of new Set([...record.outputScripts, ...record.prevoutScripts])) {
    const list = scriptIndex.get(script);
    if (list) list.push(record.txid);
    else scriptIndex.set(script, [record.txid]);
  }
}
