import { hex } from "@scure/base";
import { toOutputScript } from "attestkit/chains";
import type { BitcoinAddressStats } from "../types.js";
import type { BitcoinPrevout } from "../validateTransaction.js";
import type { BitcoinChainState, MutableRecord } from "./bitcoinChainState.js";

const emptyStats = (): BitcoinAddressStats => ({
  fundedTxoCount: 0,
  fundedTxoSum: 0n,
  spentTxoCount: 0,
  spentTxoSum: 0n,
  txCount: 0,
});

/**
 * Totals of an address's outputs, as Esplora's `chain_stats` and `mempool_stats` count them: the
 * transactions that pay or spend it, the outputs they pay it and the outputs of it they spend, apart
 * for mined and mempool transactions.
 *
 * @param state - The chain's state. {@link BitcoinChainState}
 * @param address - A mainnet-style address.
 * @returns The totals in blocks (`chain`) and in the mempool. {@link BitcoinAddressStats}
 * @throws {InvalidBitcoinAddressError} When the address does not parse.
 * @example
 * getAddressStats(state, wallet.p2wpkhAddress).chain.fundedTxoSum // 1_000_000_000n
 */
export function getAddressStats(
  { scriptIndex, records }: BitcoinChainState,
  address: string,
): { chain: BitcoinAddressStats; mempool: BitcoinAddressStats } {
  const script = hex.encode(toOutputScript({ address }));
  const result = { chain: emptyStats(), mempool: emptyStats() };
  for (const txid of scriptIndex.get(script) ?? []) {
    const record = records.get(txid) as MutableRecord;
    const bucket = record.status.confirmed ? result.chain : result.mempool;
    bucket.txCount += 1;
    record.outputScripts.forEach((outputScript, vout) => {
      if (outputScript !== script) return;
      bucket.fundedTxoCount += 1;
      bucket.fundedTxoSum += (record.transaction.outputs[vout] as { amount: bigint }).amount;
    });
    record.prevoutScripts.forEach((prevoutScript, vin) => {
      if (prevoutScript !== script) return;
      bucket.spentTxoCount += 1;
      bucket.spentTxoSum += (record.prevouts[vin] as BitcoinPrevout).value;
    });
  }
  return result;
}
