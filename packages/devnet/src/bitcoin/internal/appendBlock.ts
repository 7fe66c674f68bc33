import { hex } from "@scure/base";
import { bitcoinRules } from "../constants.js";
import type { BitcoinBlock, BitcoinTransactionStatus } from "../types.js";
import type { BitcoinChainState, MutableRecord } from "./bitcoinChainState.js";
import { difficultyOf, fromDisplayHex, merkleRoot, mineHeader } from "./blockCodec.js";
import { indexRecord } from "./indexRecord.js";
import type { DecodedTransaction } from "./transactionCodec.js";

export type AppendBlockParameters = {
  height: number;
  /** The block's coinbase. */
  coinbase: DecodedTransaction;
  /** The mempool transactions it holds, in block order. */
  included: MutableRecord[];
  /** The block's timestamp, Unix seconds. */
  time: number;
  /** The clock when it was mined (Unix ms): the coinbase's first-seen time and the journal entry's. */
  at: number;
};

function compactSizeLength(count: number): number {
  return count < 0xfd ? 1 : count <= 0xffff ? 3 : 5;
}

/**
 * Appends a block to the chain: its header mined at regtest difficulty on the tip (merkle root of
 * the coinbase and `included`), its median time past (BIP113) and size and weight. It is journaled
 * (`genesis` at height 0, else `block`) before it changes anything, so a failed write leaves the
 * chain as it was; then the coinbase is recorded and indexed and the included transactions leave the
 * mempool, confirmed at their index.
 *
 * @param state - The chain's state. {@link BitcoinChainState}
 * @param parameters - {@link AppendBlockParameters}
 * @returns The block. {@link BitcoinBlock}
 * @example
 * const block = appendBlock(state, { height, coinbase, included, time, at })
 */
export function appendBlock(
  state: BitcoinChainState,
  { height, coinbase, included, time, at }: AppendBlockParameters,
): BitcoinBlock {
  const { blocks } = state;
  const transactions: { txid: string; size: number; weight: number }[] = [coinbase, ...included];
  const previous = blocks[blocks.length - 1];
  const timestamps = [...blocks.slice(-10).map((block) => block.timestamp), time].sort((a, b) => a - b);
  const mined = mineHeader({
    version: bitcoinRules.blockVersion,
    previousHash: previous ? fromDisplayHex(previous.hash) : new Uint8Array(32),
    merkleRoot: merkleRoot(transactions.map(({ txid }) => fromDisplayHex(txid))),
    time,
    bits: bitcoinRules.regtestBits,
  });
  const headerSize = 80 + compactSizeLength(transactions.length);
  const block: BitcoinBlock = {
    hash: mined.hash,
    height,
    version: bitcoinRules.blockVersion,
    timestamp: time,
    mediantime: timestamps[Math.floor(timestamps.length / 2)] as number,
    bits: bitcoinRules.regtestBits,
    nonce: mined.nonce,
    difficulty: difficultyOf(bitcoinRules.regtestBits),
    merkleRoot: hex.encode(mined.header.subarray(36, 68).slice().reverse()),
    previousBlockHash: previous?.hash ?? null,
    size: headerSize + transactions.reduce((sum, { size }) => sum + size, 0),
    weight: headerSize * 4 + transactions.reduce((sum, { weight }) => sum + weight, 0),
    txids: transactions.map(({ txid }) => txid),
    header: hex.encode(mined.header),
  };
  // Kept before it changes anything: a failed write leaves the chain as it was.
  state.keep(
    height === 0
      ? { type: "genesis", hash: block.hash, at }
      : { type: "block", height, hash: block.hash, timestamp: time, at },
  );
  const status = (blockIndex: number): BitcoinTransactionStatus => ({
    confirmed: true,
    blockHeight: height,
    blockHash: block.hash,
    blockTime: time,
    blockIndex,
  });
  const coinbaseRecord: MutableRecord = {
    txid: coinbase.txid,
    wtxid: coinbase.wtxid,
    hex: hex.encode(coinbase.raw),
    transaction: coinbase.transaction,
    prevouts: [],
    fee: 0n,
    size: coinbase.size,
    weight: coinbase.weight,
    vsize: coinbase.vsize,
    coinbase: true,
    status: status(0),
    firstSeen: at,
    outputScripts: coinbase.transaction.outputs.map((output) => hex.encode(output.script)),
    prevoutScripts: [],
  };
  state.records.set(coinbase.txid, coinbaseRecord);
  indexRecord(state, coinbaseRecord);
  included.forEach((record, i) => {
    record.status = status(i + 1);
    state.mempool.delete(record.txid);
  });
  blocks.push(block);
  state.blocksByHash.set(block.hash, block);
  return block;
}
