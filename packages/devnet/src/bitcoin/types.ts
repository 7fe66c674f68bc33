// The records of the devnet's Bitcoin chain: blocks, transactions, address totals, outputs and the
// journal's entries. `createBitcoinChain` answers with them and its internal parts build them.
import type { RawTransaction } from "./internal/transactionCodec.js";
import type { BitcoinPrevout } from "./validateTransaction.js";

/** A block of the devnet chain (hashes in display order, times in Unix seconds). */
export type BitcoinBlock = {
  hash: string;
  height: number;
  version: number;
  timestamp: number;
  /** Median of this block's and the 10 previous blocks' timestamps (BIP113). */
  mediantime: number;
  bits: number;
  nonce: number;
  difficulty: number;
  merkleRoot: string;
  /** Null for the genesis block. */
  previousBlockHash: string | null;
  /** Serialized size in bytes. */
  size: number;
  weight: number;
  /** The transactions, coinbase first. */
  txids: readonly string[];
  /** The 80-byte header, hex. */
  header: string;
};

/** Where a transaction is: in the mempool, or in a block. */
export type BitcoinTransactionStatus =
  | { confirmed: false }
  | { confirmed: true; blockHeight: number; blockHash: string; blockTime: number; blockIndex: number };

/** A transaction the chain knows, with what it spends and where it is. */
export type BitcoinTransactionRecord = {
  readonly txid: string;
  readonly wtxid: string;
  /** The full serialization, hex. */
  readonly hex: string;
  readonly transaction: RawTransaction;
  /** The outputs its inputs spend (empty for a coinbase). */
  readonly prevouts: readonly BitcoinPrevout[];
  readonly fee: bigint;
  readonly size: number;
  readonly weight: number;
  readonly vsize: number;
  readonly coinbase: boolean;
  readonly status: BitcoinTransactionStatus;
  /** When the chain first saw it (Unix milliseconds). */
  readonly firstSeen: number;
};

/** Totals of an address's outputs, as Esplora's `chain_stats` and `mempool_stats` count them. */
export type BitcoinAddressStats = {
  fundedTxoCount: number;
  fundedTxoSum: bigint;
  spentTxoCount: number;
  spentTxoSum: bigint;
  txCount: number;
};

/** An unspent output of an address (spent neither in a block nor in the mempool). */
export type BitcoinUtxo = {
  txid: string;
  vout: number;
  value: bigint;
  script: Uint8Array;
  status: BitcoinTransactionStatus;
};

/** Whether and by what an output is spent. */
export type BitcoinOutspend =
  | { spent: false }
  | { spent: true; txid: string; vin: number; status: BitcoinTransactionStatus };

/**
 * One thing that happened to the chain, in order: what a journal keeps so the chain can be rebuilt
 * exactly (same blocks, hashes, timestamps, mempool and first-seen times). `at` is the clock (Unix
 * milliseconds) when it happened.
 */
export type BitcoinChainEntry =
  /** The genesis block (its timestamp is `at` in whole seconds). */
  | { type: "genesis"; hash: string; at: number }
  /** A transaction the mempool accepted: its full serialization, hex. */
  | { type: "transaction"; hex: string; at: number }
  /** A block mined, with its timestamp (seconds) and the hash it got. */
  | { type: "block"; height: number; hash: string; timestamp: number; at: number };

/** Where the chain keeps what happens to it, and what an earlier run kept. */
export type BitcoinChainJournal = {
  /** Entries of an earlier run, replayed at creation (the first is the genesis); empty for a new chain. */
  entries: readonly BitcoinChainEntry[];
  /** Called with each new entry before anything shows it (the broadcast's answer, the listeners). */
  append: (entry: BitcoinChainEntry) => void;
};
