import { hex } from "@scure/base";
import { bitcoinMinerWallet, bitcoinTestWallets } from "./bitcoinTestWallets.js";
import { classifyOutputScript } from "./classifyOutputScript.js";
import {
  bitcoinRules,
  defaultBitcoinBlockTimeMs,
  defaultBitcoinWalletBalance,
  devnetBitcoinFeeRate,
} from "./constants.js";
import type { BitcoinWallet } from "./deriveBitcoinWallet.js";
import {
  BitcoinChainReplayError,
  BitcoinTransactionRejectedError,
  InvalidBitcoinParameterError,
} from "./errors.js";
import { difficultyOf, fromDisplayHex, merkleRoot, mineHeader } from "./internal/blockCodec.js";
import { buildCoinbase } from "./internal/buildCoinbase.js";
import {
  type DecodedTransaction,
  decodeRawTransaction,
  type RawTransaction,
  readTransactionBytes,
} from "./internal/transactionCodec.js";
import { toOutputScript } from "./toOutputScript.js";
import {
  type BitcoinPrevout,
  type ValidatedTransaction,
  validateTransaction,
} from "./validateTransaction.js";

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

export type CreateBitcoinChainParameters = {
  /**
   * Milliseconds between blocks mined on a timer. Default 1000. `0` mines only when `mine()` is
   * called (tests).
   */
  blockTimeMs?: number | undefined;
  /** Wallets funded at genesis (each of their two addresses). Default {@link bitcoinTestWallets}. */
  wallets?: readonly BitcoinWallet[] | undefined;
  /** Satoshis paid at genesis to each wallet address. Default 10 BTC. */
  walletBalance?: bigint | undefined;
  /** More outputs paid at genesis (e.g. the solver's liquidity). */
  funding?: readonly { address: string; amount: bigint }[] | undefined;
  /** Address paid the block rewards. Default the P2WPKH address of {@link bitcoinMinerWallet}. */
  minerAddress?: string | undefined;
  /** Minimum relay fee rate, satoshis per virtual byte. Default 1. */
  minRelayFeeRate?: bigint | undefined;
  /** Blocks before a coinbase output may be spent. Default 100 (genesis outputs are exempt). */
  coinbaseMaturity?: number | undefined;
  /** Block weight limit. Default 4,000,000 (BIP141); at least 10,000. Lower it to see blocks fill up. */
  maxBlockWeight?: number | undefined;
  /** Clock in Unix milliseconds. Default `Date.now`. */
  now?: (() => number) | undefined;
  /**
   * Keeps the chain: each genesis, transaction and block is appended before it is revealed, and the
   * entries of an earlier run are replayed at creation (before the block timer starts), each at its
   * recorded time, so blocks come back with the same timestamps and hashes.
   *
   * @throws {BitcoinChainReplayError} (at creation) When the entries do not replay to the same chain.
   */
  journal?: BitcoinChainJournal | undefined;
  log?: ((message: string) => void) | undefined;
};

export type BitcoinChain = {
  /** Addresses and amounts are mainnet-style (`bc1…`), as the service's chain 8253038. */
  readonly network: "mainnet";
  /** The wallets funded at genesis. */
  readonly wallets: readonly BitcoinWallet[];
  readonly minerAddress: string;
  /** The fee rate the devnet's PSBTs pay and `fee-estimates` answers, satoshis per virtual byte. */
  readonly feeRate: bigint;
  /** Height of the tip (the genesis block is 0). */
  height: () => number;
  tip: () => BitcoinBlock;
  /** A block by hash (display hex) or height. */
  getBlock: (hashOrHeight: string | number) => BitcoinBlock | undefined;
  /**
   * Validates a serialized transaction and adds it to the mempool. A transaction already in the
   * mempool is accepted again (`alreadyKnown`), as `sendrawtransaction` does.
   *
   * @throws {BitcoinTransactionRejectedError} With the reason a node would give.
   */
  broadcast: (raw: string | Uint8Array) => { txid: string; alreadyKnown: boolean };
  /** Runs every check of `broadcast` without changing anything (like `testmempoolaccept`). */
  testAccept: (raw: string | Uint8Array) => ValidatedTransaction;
  /** Mines `count` blocks (default 1) holding the mempool, oldest first, within the block weight. */
  mine: (count?: number, options?: { timestamp?: number | undefined }) => BitcoinBlock[];
  getTransaction: (txid: string) => BitcoinTransactionRecord | undefined;
  /** 0 in the mempool, tip height − block height + 1 once mined, undefined when unknown. */
  confirmations: (txid: string) => number | undefined;
  /** Mempool transactions, oldest first. */
  mempool: () => readonly BitcoinTransactionRecord[];
  getAddressStats: (address: string) => { chain: BitcoinAddressStats; mempool: BitcoinAddressStats };
  /** Transactions paying or spending the address: mempool newest first, then blocks newest first. */
  getAddressTransactions: (address: string) => BitcoinTransactionRecord[];
  getUtxos: (address: string) => BitcoinUtxo[];
  /** Undefined when the transaction or the output does not exist. */
  getOutspend: (txid: string, vout: number) => BitcoinOutspend | undefined;
  /** Called for every transaction the mempool accepts. Returns the unsubscribe function. */
  onTransaction: (listener: (record: BitcoinTransactionRecord) => void) => () => void;
  /** Called for every block mined (genesis excepted). Returns the unsubscribe function. */
  onBlock: (listener: (block: BitcoinBlock) => void) => () => void;
  /** Stops the block timer. */
  stop: () => void;
};

type MutableRecord = Omit<BitcoinTransactionRecord, "status"> & {
  status: BitcoinTransactionStatus;
  /** Hex of each output script and each prevout script, computed once for the address queries. */
  outputScripts: readonly string[];
  prevoutScripts: readonly string[];
};

/** What the chain answers about a record: everything but its private caches. */
const toPublic = ({
  outputScripts: _o,
  prevoutScripts: _p,
  ...record
}: MutableRecord): BitcoinTransactionRecord => record;

const outpointKey = (txid: string, vout: number) => `${txid}:${vout}`;

const emptyStats = (): BitcoinAddressStats => ({
  fundedTxoCount: 0,
  fundedTxoSum: 0n,
  spentTxoCount: 0,
  spentTxoSum: 0n,
  txCount: 0,
});

function compactSizeLength(count: number): number {
  return count < 0xfd ? 1 : count <= 0xffff ? 3 : 5;
}

/**
 * Creates an in-process, regtest-like Bitcoin chain with mainnet-style addresses: a genesis block
 * whose coinbase funds the test wallets, a mempool that validates real segwit v0 and taproot
 * transactions as a node would ({@link validateTransaction}), and blocks mined on a timer and on
 * demand, with real headers (merkle root, BIP34 height, BIP141 witness commitment, regtest proof of
 * work). Block rewards (50 BTC, halving every 150 blocks as on regtest, plus fees) go to the miner
 * address and mature after 100 blocks; the genesis funding is spendable at once (the devnet's one
 * departure from Bitcoin). No reorganizations.
 *
 * @param parameters - {@link CreateBitcoinChainParameters}
 * @returns The chain. {@link BitcoinChain}
 * @example
 * const chain = createBitcoinChain({ blockTimeMs: 0 })
 * const { txid } = chain.broadcast(signedHex)
 * chain.mine()
 * chain.confirmations(txid) // 1
 */
export function createBitcoinChain(parameters: CreateBitcoinChainParameters = {}): BitcoinChain {
  const {
    blockTimeMs = defaultBitcoinBlockTimeMs,
    wallets = bitcoinTestWallets,
    walletBalance = defaultBitcoinWalletBalance,
    funding = [],
    minerAddress = bitcoinMinerWallet.p2wpkhAddress,
    minRelayFeeRate = bitcoinRules.minRelayFeeRate,
    coinbaseMaturity = bitcoinRules.coinbaseMaturity,
    maxBlockWeight = bitcoinRules.maxBlockWeight,
    now = Date.now,
    journal,
    log = () => {},
  } = parameters;
  /** The replayed entry's time while a journal is replayed, else the clock. */
  let replayAt: number | undefined;
  const clock = () => replayAt ?? now();
  const keep = (entry: BitcoinChainEntry) => {
    if (replayAt === undefined) journal?.append(entry);
  };
  if (!Number.isSafeInteger(blockTimeMs) || blockTimeMs < 0)
    throw new InvalidBitcoinParameterError({
      field: "blockTimeMs",
      reason: "not-a-non-negative-integer",
      value: blockTimeMs,
    });
  if (!Number.isSafeInteger(coinbaseMaturity) || coinbaseMaturity < 0)
    throw new InvalidBitcoinParameterError({
      field: "coinbaseMaturity",
      reason: "not-a-non-negative-integer",
      value: coinbaseMaturity,
    });
  if (
    !Number.isSafeInteger(maxBlockWeight) ||
    maxBlockWeight < 10_000 ||
    maxBlockWeight > bitcoinRules.maxBlockWeight
  )
    throw new InvalidBitcoinParameterError({
      field: "maxBlockWeight",
      reason: "not-a-positive-integer",
      value: maxBlockWeight,
      expected: "10,000 to 4,000,000 weight units",
    });
  if (typeof minRelayFeeRate !== "bigint" || minRelayFeeRate < 0n)
    throw new InvalidBitcoinParameterError({
      field: "minRelayFeeRate",
      reason: "not-a-non-negative-integer",
      value: minRelayFeeRate,
    });
  const minerScript = toOutputScript({ address: minerAddress });

  const blocks: BitcoinBlock[] = [];
  const blocksByHash = new Map<string, BitcoinBlock>();
  const records = new Map<string, MutableRecord>();
  const mempool = new Map<string, MutableRecord>();
  // Every spend of an output, by a block or a mempool transaction (the spender's status tells which).
  const spends = new Map<string, { txid: string; vin: number }>();
  // Transactions paying or spending each output script, in the order the chain saw them.
  const scriptIndex = new Map<string, string[]>();
  const transactionListeners = new Set<(record: BitcoinTransactionRecord) => void>();
  const blockListeners = new Set<(block: BitcoinBlock) => void>();

  const tip = () => blocks[blocks.length - 1] as BitcoinBlock;
  const medianTimePast = (height: number): number => {
    const block = blocks[Math.min(Math.max(height, 0), blocks.length - 1)] as BitcoinBlock;
    return block.mediantime;
  };

  const index = (record: MutableRecord) => {
    for (const script of new Set([...record.outputScripts, ...record.prevoutScripts])) {
      const list = scriptIndex.get(script);
      if (list) list.push(record.txid);
      else scriptIndex.set(script, [record.txid]);
    }
  };

  const getPrevout = (txid: string, vout: number): BitcoinPrevout | undefined => {
    const record = records.get(txid);
    const output = record?.transaction.outputs[vout];
    if (!record || !output || output.script[0] === 0x6a) return undefined;
    const spender = spends.get(outpointKey(txid, vout));
    if (spender && records.get(spender.txid)?.status.confirmed) return undefined;
    const height = record.status.confirmed ? record.status.blockHeight : undefined;
    return { value: output.amount, script: output.script, height, coinbase: record.coinbase && height !== 0 };
  };
  const getMempoolSpender = (txid: string, vout: number): string | undefined => {
    const spender = spends.get(outpointKey(txid, vout));
    return spender && mempool.has(spender.txid) ? spender.txid : undefined;
  };

  const check = (raw: Uint8Array | DecodedTransaction) =>
    validateTransaction({
      raw,
      getPrevout,
      getMempoolSpender,
      nextHeight: tip().height + 1,
      medianTimePast,
      minRelayFeeRate,
      coinbaseMaturity,
    });

  const emit = <value>(listeners: Set<(value: value) => void>, value: value, what: string) => {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch (error) {
        log(`bitcoin ${what} listener: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };

  const appendBlock = (
    height: number,
    coinbase: DecodedTransaction,
    included: MutableRecord[],
    time: number,
    at: number,
  ) => {
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
    keep(
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
    records.set(coinbase.txid, coinbaseRecord);
    index(coinbaseRecord);
    included.forEach((record, i) => {
      record.status = status(i + 1);
      mempool.delete(record.txid);
    });
    blocks.push(block);
    blocksByHash.set(block.hash, block);
    return block;
  };

  const subsidy = (height: number): bigint => {
    const halvings = Math.floor(height / bitcoinRules.regtestHalvingInterval);
    return halvings >= 64 ? 0n : bitcoinRules.initialSubsidy >> BigInt(halvings);
  };

  const mineOne = (timestamp?: number): BitcoinBlock => {
    const height = tip().height + 1;
    const medianPast = tip().mediantime;
    const at = clock();
    const time = timestamp ?? Math.max(Math.floor(at / 1000), medianPast + 1);
    if (!Number.isSafeInteger(time) || time <= medianPast || time > 0xffffffff)
      throw new InvalidBitcoinParameterError({
        field: "timestamp",
        reason: "not-a-positive-integer",
        value: timestamp,
        expected: `a Unix time in seconds above the median time past ${medianPast}`,
      });
    // Room for the header, the transaction count and a generous coinbase.
    let weight = (80 + 5) * 4 + 4000;
    const included: MutableRecord[] = [];
    for (const record of mempool.values()) {
      // Stop at the first that does not fit, so no child is taken without its parent.
      if (weight + record.weight > maxBlockWeight) break;
      weight += record.weight;
      included.push(record);
    }
    const fees = included.reduce((sum, record) => sum + record.fee, 0n);
    const coinbase = buildCoinbase({
      height,
      payouts: [{ script: minerScript, amount: subsidy(height) + fees }],
      wtxids: included.map((record) => record.wtxid),
    });
    return appendBlock(height, coinbase, included, time, at);
  };

  // Genesis: its coinbase funds the wallets and the extra funding.
  const genesisPayouts = [
    ...wallets.flatMap((wallet) =>
      [wallet.p2wpkhAddress, wallet.p2trAddress].map((address) => ({
        field: "walletBalance",
        script: toOutputScript({ address }),
        amount: walletBalance,
      })),
    ),
    ...funding.map(({ address, amount }, i) => ({
      field: `funding[${i}].amount`,
      script: toOutputScript({ address }),
      amount,
    })),
  ];
  let genesisTotal = 0n;
  for (const { field, script, amount } of genesisPayouts) {
    if (typeof amount !== "bigint" || amount <= 0n)
      throw new InvalidBitcoinParameterError({ field, reason: "not-a-positive-integer", value: amount });
    const dust = classifyOutputScript(script).dustThreshold;
    if (amount < dust)
      throw new InvalidBitcoinParameterError({
        field,
        reason: "below-dust",
        value: amount,
        expected: `at least ${dust} satoshis`,
      });
    genesisTotal += amount;
  }
  if (genesisTotal > bitcoinRules.maxMoney)
    throw new InvalidBitcoinParameterError({
      field: "funding",
      reason: "too-large",
      value: genesisTotal,
      expected: "at most 21,000,000 BTC in all",
    });
  const [genesisEntry, ...laterEntries] = journal?.entries ?? [];
  if (genesisEntry && genesisEntry.type !== "genesis")
    throw new BitcoinChainReplayError({ entryIndex: 0, reason: `a ${genesisEntry.type} entry comes first` });
  replayAt = genesisEntry?.at;
  const genesisAt = clock();
  const genesis = appendBlock(
    0,
    buildCoinbase({ height: 0, payouts: genesisPayouts, wtxids: [] }),
    [],
    Math.floor(genesisAt / 1000),
    genesisAt,
  );
  replayAt = undefined;
  if (genesisEntry && genesisEntry.hash !== genesis.hash)
    throw new BitcoinChainReplayError({
      entryIndex: 0,
      reason: `the genesis block is ${genesis.hash}, the journal has ${genesisEntry.hash} (other wallets or funding)`,
    });
  let timer: ReturnType<typeof setInterval> | undefined;

  const stats = (address: string) => {
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
  };

  const chain: BitcoinChain = {
    network: "mainnet",
    wallets,
    minerAddress,
    feeRate: devnetBitcoinFeeRate,
    height: () => tip().height,
    tip,
    getBlock: (hashOrHeight) =>
      typeof hashOrHeight === "number" ? blocks[hashOrHeight] : blocksByHash.get(hashOrHeight.toLowerCase()),
    broadcast(raw) {
      const decoded = decodeRawTransaction(readTransactionBytes(raw));
      const { txid, wtxid } = decoded;
      const known = records.get(txid);
      if (known?.status.confirmed)
        throw new BitcoinTransactionRejectedError({ reason: "Transaction outputs already in utxo set" });
      if (known && known.wtxid === wtxid) return { txid, alreadyKnown: true };
      if (known)
        throw new BitcoinTransactionRejectedError({
          reason: "txn-same-nonwitness-data-in-mempool",
          debug: `mempool holds ${txid} with wtxid ${known.wtxid}`,
        });
      const accepted = check(decoded);
      const at = clock();
      keep({ type: "transaction", hex: hex.encode(accepted.raw), at });
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
      records.set(txid, record);
      mempool.set(txid, record);
      accepted.transaction.inputs.forEach((input, vin) => {
        spends.set(outpointKey(hex.encode(input.txid), input.index), { txid, vin });
      });
      index(record);
      emit(transactionListeners, toPublic(record), "transaction");
      return { txid, alreadyKnown: false };
    },
    testAccept: (raw) => check(readTransactionBytes(raw)),
    mine(count = 1, options = {}) {
      if (!Number.isSafeInteger(count) || count < 1 || count > 10_000)
        throw new InvalidBitcoinParameterError({
          field: "count",
          reason: "not-a-positive-integer",
          value: count,
          expected: "1 to 10,000 blocks",
        });
      const mined: BitcoinBlock[] = [];
      for (let i = 0; i < count; i++) {
        const block = mineOne(i === 0 ? options.timestamp : undefined);
        mined.push(block);
        emit(blockListeners, block, "block");
      }
      return mined;
    },
    getTransaction(txid) {
      const record = records.get(txid.toLowerCase());
      return record && toPublic(record);
    },
    confirmations(txid) {
      const record = records.get(txid.toLowerCase());
      if (!record) return undefined;
      return record.status.confirmed ? tip().height - record.status.blockHeight + 1 : 0;
    },
    mempool: () => [...mempool.values()].map(toPublic),
    getAddressStats: stats,
    getAddressTransactions(address) {
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
      return [...unconfirmed, ...confirmed].map(toPublic);
    },
    getUtxos(address) {
      const scriptHex = hex.encode(toOutputScript({ address }));
      const utxos: BitcoinUtxo[] = [];
      for (const txid of scriptIndex.get(scriptHex) ?? []) {
        const record = records.get(txid) as MutableRecord;
        record.outputScripts.forEach((outputScript, vout) => {
          if (outputScript !== scriptHex || spends.has(outpointKey(txid, vout))) return;
          const output = record.transaction.outputs[vout] as { amount: bigint; script: Uint8Array };
          utxos.push({ txid, vout, value: output.amount, script: output.script, status: record.status });
        });
      }
      return utxos;
    },
    getOutspend(txid, vout) {
      const record = records.get(txid.toLowerCase());
      if (!record || !Number.isSafeInteger(vout) || vout < 0 || vout >= record.transaction.outputs.length)
        return undefined;
      const spender = spends.get(outpointKey(record.txid, vout));
      if (!spender) return { spent: false };
      const status = (records.get(spender.txid) as MutableRecord).status;
      return { spent: true, txid: spender.txid, vin: spender.vin, status };
    },
    onTransaction(listener) {
      transactionListeners.add(listener);
      return () => transactionListeners.delete(listener);
    },
    onBlock(listener) {
      blockListeners.add(listener);
      return () => blockListeners.delete(listener);
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };

  // Each later entry again, at its own time: the same mempool order gives the same blocks.
  for (const [i, entry] of laterEntries.entries()) {
    replayAt = entry.at;
    try {
      if (entry.type === "transaction") chain.broadcast(entry.hex);
      else if (entry.type === "block") {
        const [block] = chain.mine(1, { timestamp: entry.timestamp }) as [BitcoinBlock];
        if (block.height !== entry.height || block.hash !== entry.hash)
          throw new Error(
            `block ${block.height} is ${block.hash}, the journal has block ${entry.height} ${entry.hash}`,
          );
      } else throw new Error("a second genesis entry");
    } catch (error) {
      throw new BitcoinChainReplayError({
        entryIndex: i + 1,
        reason:
          error instanceof Error
            ? ((error as { shortMessage?: string }).shortMessage ?? error.message)
            : String(error),
        cause: error,
      });
    } finally {
      replayAt = undefined;
    }
  }

  timer =
    blockTimeMs > 0
      ? setInterval(() => {
          try {
            chain.mine();
          } catch (error) {
            log(`bitcoin block timer: ${error instanceof Error ? error.message : String(error)}`);
          }
        }, blockTimeMs)
      : undefined;
  timer?.unref();
  return chain;
}
