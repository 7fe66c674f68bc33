import type {
  BitcoinBlock,
  BitcoinChainEntry,
  BitcoinChainJournal,
  BitcoinTransactionRecord,
  BitcoinTransactionStatus,
} from "../types.js";

/** A transaction record as the chain holds it: its status changes once mined; script caches kept aside. */
export type MutableRecord = Omit<BitcoinTransactionRecord, "status"> & {
  status: BitcoinTransactionStatus;
  /** Hex of each output script and each prevout script, computed once for the address queries. */
  outputScripts: readonly string[];
  prevoutScripts: readonly string[];
};

/** The key of an output in the chain's spend map. */
export const outpointKey = (txid: string, vout: number) => `${txid}:${vout}`;

/** What the chain answers about a record: everything but its private caches. */
export const toPublicRecord = ({
  outputScripts: _o,
  prevoutScripts: _p,
  ...record
}: MutableRecord): BitcoinTransactionRecord => record;

/** What the chain holds and the settings its parts read: blocks, transactions, mempool, indexes, listeners. */
export type BitcoinChainState = {
  readonly blocks: BitcoinBlock[];
  readonly blocksByHash: Map<string, BitcoinBlock>;
  /** Every transaction known, mined or in the mempool, by txid. */
  readonly records: Map<string, MutableRecord>;
  /** Mempool transactions in the order they were accepted. */
  readonly mempool: Map<string, MutableRecord>;
  /** Every spend of an output (`txid:vout`), by a block or a mempool transaction (the spender's status tells which). */
  readonly spends: Map<string, { txid: string; vin: number }>;
  /** Transactions paying or spending each output script (hex), in the order the chain saw them. */
  readonly scriptIndex: Map<string, string[]>;
  readonly transactionListeners: Set<(record: BitcoinTransactionRecord) => void>;
  readonly blockListeners: Set<(block: BitcoinBlock) => void>;
  /** The replayed entry's time while a journal is replayed (nothing is journaled then), else undefined. */
  replayAt: number | undefined;
  /** The replayed entry's time while a journal is replayed, else the clock (Unix ms). */
  readonly clock: () => number;
  /** Journals an entry, unless it is being replayed. */
  readonly keep: (entry: BitcoinChainEntry) => void;
  /** The last block. */
  readonly tip: () => BitcoinBlock;
  readonly log: (message: string) => void;
};

export type CreateBitcoinChainStateParameters = {
  /** Clock in Unix milliseconds. */
  now: () => number;
  journal: BitcoinChainJournal | undefined;
  log: (message: string) => void;
};

/**
 * Creates the empty state of a Bitcoin chain (no genesis yet) with its clock, which answers the
 * replayed entry's time while a journal is replayed, and `keep`, which journals only what is new.
 *
 * @param parameters - {@link CreateBitcoinChainStateParameters}
 * @returns The state. {@link BitcoinChainState}
 * @example
 * const state = createBitcoinChainState({ now: Date.now, journal: undefined, log: () => {} })
 */
export function createBitcoinChainState({
  now,
  journal,
  log,
}: CreateBitcoinChainStateParameters): BitcoinChainState {
  const blocks: BitcoinBlock[] = [];
  const state: BitcoinChainState = {
    blocks,
    blocksByHash: new Map(),
    records: new Map(),
    mempool: new Map(),
    spends: new Map(),
    scriptIndex: new Map(),
    transactionListeners: new Set(),
    blockListeners: new Set(),
    replayAt: undefined,
    clock: () => state.replayAt ?? now(),
    keep: (entry) => {
      if (state.replayAt === undefined) journal?.append(entry);
    },
    tip: () => blocks[blocks.length - 1] as BitcoinBlock,
    log,
  };
  return state;
}
