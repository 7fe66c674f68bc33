import type { BitcoinChainState } from "./bitcoinChainState.js";

/**
 * A transaction's confirmations, as a node counts them: 0 in the mempool, the tip's height less the
 * block's height plus 1 once mined.
 *
 * @param state - The chain's state. {@link BitcoinChainState}
 * @param txid - The transaction, 64 hex digits (any case).
 * @returns The confirmations; undefined for an unknown transaction.
 * @example
 * getConfirmations(state, txid) // 1 just after its block
 */
export function getConfirmations(state: BitcoinChainState, txid: string): number | undefined {
  const record = state.records.get(txid.toLowerCase());
  if (!record) return undefined;
  return record.status.confirmed ? state.tip().height - record.status.blockHeight + 1 : 0;
}
