import { hex } from "@scure/base";
import { toOutputScript } from "attestkit/chains";
import type { BitcoinTransactionRecord, BitcoinTransactionStatus } from "../types.js";
import { type BitcoinChainState, type MutableRecord, toPublicRecord } from "./bitcoinChainState.js";

/**
 * The transactions paying or spending an address, as Esplora lists them: the mempool's newest first,
 * then the mined ones, newest block first and, within a block, last first.
 *
 * @param state - The chain's state. {@link BitcoinChainState}
 * @param address - A mainnet-style address.
 * @returns The transactions.
 * @throws {InvalidBitcoinAddressError} When the address does not parse.
 * @example
 * getAddressTransactions(state, wallet.p2trAddress)[0]?.txid
 */
export function getAddressTransactions(
  { scriptIndex, records }: BitcoinChainState,
  address: string,
): BitcoinTransactionRecord[] {
  const script = hex.encode(toOutputScript({ address }));
  const list = (scriptIndex.get(script) ?? []).map((txid) => records.get(txid) as MutableRecord);
  const unconfirmed = list.filter((record) => !record.status.confirmed).reverse();
  const confirmed = list
    .filter((record) => record.status.confirmed)
    .sort((a, b) => {
      const sa = a.status as Extract<BitcoinTransactionStatus, { confirmed: true }>;
      const sb = b.status as Extract<BitcoinTransactionStatus, { confirmed: true }>;
      return sb.blockHeight - sa.blockHeight || sb.blockIndex - sa.blockIndex;
    });
  return [...unconfirmed, ...confirmed].map(toPublicRecord);
}
