import { hex } from "@scure/base";
import { BitcoinTransactionRejectedError } from "../errors.js";
import {
  type BitcoinChainState,
  type MutableRecord,
  outpointKey,
  toPublicRecord,
} from "./bitcoinChainState.js";
import { type CheckMempoolAcceptParameters, checkMempoolAccept } from "./checkMempoolAccept.js";
import { emitToListeners } from "./emitToListeners.js";
import { indexRecord } from "./indexRecord.js";
import { decodeRawTransaction, readTransactionBytes } from "./transactionCodec.js";

/**
 * Adds a serialized transaction to the mempool, as `sendrawtransaction` does: a transaction already
 * mined is refused, the same one already in the mempool is accepted again (`alreadyKnown`), one with
 * the same txid but another witness is refused; otherwise it is validated (`checkMempoolAccept`),
 * journaled, recorded with the outputs it spends and indexed, then the transaction listeners hear of it.
 *
 * @param state - The chain's state. {@link BitcoinChainState}
 * @param raw - The transaction, hex or bytes.
 * @param parameters - The mempool's rules. {@link CheckMempoolAcceptParameters}
 * @returns Its txid and whether the mempool held it already.
 * @throws {BitcoinTransactionRejectedError} With the reason a node would give.
 * @example
 * const { txid } = acceptTransaction(state, signedHex, { minRelayFeeRate: 1n, coinbaseMaturity: 100 })
 */
export function acceptTransaction(
  state: BitcoinChainState,
  raw: string | Uint8Array,
  parameters: CheckMempoolAcceptParameters,
): { txid: string; alreadyKnown: boolean } {
  const decoded = decodeRawTransaction(readTransactionBytes(raw));
  const { txid, wtxid } = decoded;
  const known = state.records.get(txid);
  if (known?.status.confirmed)
    throw new BitcoinTransactionRejectedError({ reason: "Transaction outputs already in utxo set" });
  if (known && known.wtxid === wtxid) return { txid, alreadyKnown: true };
  if (known)
    throw new BitcoinTransactionRejectedError({
      reason: "txn-same-nonwitness-data-in-mempool",
      debug: `mempool holds ${txid} with wtxid ${known.wtxid}`,
    });
  const accepted = checkMempoolAccept(state, decoded, parameters);
  const at = state.clock();
  state.keep({ type: "transaction", hex: hex.encode(accepted.raw), at });
  const record: MutableRecord = {
    txid: accepted.txid,
    wtxid: accepted.wtxid,
    hex: hex.encode(accepted.raw),
    transaction: accepted.transaction,
    prevouts: accepted.prevouts,
    fee: accepted.fee,
    size: accepted.size,
    weight: accepted.weight,
    vsize: accepted.vsize,
    coinbase: false,
    status: { confirmed: false },
    firstSeen: at,
    outputScripts: accepted.transaction.outputs.map((output) => hex.encode(output.script)),
    prevoutScripts: accepted.prevouts.map((prevout) => hex.encode(prevout.script)),
  };
  state.records.set(txid, record);
  state.mempool.set(txid, record);
  accepted.transaction.inputs.forEach((input, vin) => {
    state.spends.set(outpointKey(hex.encode(input.txid), input.index), { txid, vin });
  });
  indexRecord(state, record);
  emitToListeners(state.transactionListeners, toPublicRecord(record), "transaction", state.log);
  return { txid, alreadyKnown: false };
}
