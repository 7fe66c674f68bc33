import { toOutputScript } from "attestkit/chains";
import { bitcoinMinerWallet, bitcoinTestWallets } from "./bitcoinTestWallets.js";
import {
  bitcoinRules,
  defaultBitcoinBlockTimeMs,
  defaultBitcoinWalletBalance,
  devnetBitcoinFeeRate,
} from "./constants.js";
import type { BitcoinWallet } from "./deriveBitcoinWallet.js";
import { acceptTransaction } from "./internal/acceptTransaction.js";
import { appendGenesis } from "./internal/appendGenesis.js";
import { createBitcoinChainState, toPublicRecord } from "./internal/bitcoinChainState.js";
import { checkBitcoinChainParameters } from "./internal/checkBitcoinChainParameters.js";
import { checkMempoolAccept } from "./internal/checkMempoolAccept.js";
import { getAddressStats } from "./internal/getAddressStats.js";
import { getAddressTransactions } from "./internal/getAddressTransactions.js";
import { getAddressUtxos } from "./internal/getAddressUtxos.js";
import { getConfirmations } from "./internal/getConfirmations.js";
import { getOutspend } from "./internal/getOutspend.js";
import { mineBlocks } from "./internal/mineBlocks.js";
import { planGenesisPayouts } from "./internal/planGenesisPayouts.js";
import { replayBitcoinJournal } from "./internal/replayBitcoinJournal.js";
import { startBlockTimer } from "./internal/startBlockTimer.js";
import { readTransactionBytes } from "./internal/transactionCodec.js";
import type {
  BitcoinAddressStats,
  BitcoinBlock,
  BitcoinChainJournal,
  BitcoinOutspend,
  BitcoinTransactionRecord,
  BitcoinUtxo,
} from "./types.js";
import type { ValidatedTransaction } from "./validateTransaction.js";

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
  const state = createBitcoinChainState({ now, journal, log });
  checkBitcoinChainParameters({ blockTimeMs, coinbaseMaturity, maxBlockWeight, minRelayFeeRate });
  const minerScript = toOutputScript({ address: minerAddress });
  const rules = { minRelayFeeRate, coinbaseMaturity };
  const { blocks, blocksByHash, records, mempool, tip } = state;

  // Genesis: its coinbase funds the wallets and the extra funding.
  const payouts = planGenesisPayouts({ wallets, walletBalance, funding });
  const [genesisEntry, ...laterEntries] = journal?.entries ?? [];
  appendGenesis(state, { payouts, entry: genesisEntry });
  let timer: ReturnType<typeof setInterval> | undefined;

  const chain: BitcoinChain = {
    network: "mainnet",
    wallets,
    minerAddress,
    feeRate: devnetBitcoinFeeRate,
    height: () => tip().height,
    tip,
    getBlock: (hashOrHeight) =>
      typeof hashOrHeight === "number" ? blocks[hashOrHeight] : blocksByHash.get(hashOrHeight.toLowerCase()),
    broadcast: (raw) => acceptTransaction(state, raw, rules),
    testAccept: (raw) => checkMempoolAccept(state, readTransactionBytes(raw), rules),
    mine: (count = 1, options = {}) =>
      mineBlocks(state, { count, minerScript, maxBlockWeight, timestamp: options.timestamp }),
    getTransaction(txid) {
      const record = records.get(txid.toLowerCase());
      return record && toPublicRecord(record);
    },
    confirmations: (txid) => getConfirmations(state, txid),
    mempool: () => [...mempool.values()].map(toPublicRecord),
    getAddressStats: (address) => getAddressStats(state, address),
    getAddressTransactions: (address) => getAddressTransactions(state, address),
    getUtxos: (address) => getAddressUtxos(state, address),
    getOutspend: (txid, vout) => getOutspend(state, txid, vout),
    onTransaction(listener) {
      state.transactionListeners.add(listener);
      return () => state.transactionListeners.delete(listener);
    },
    onBlock(listener) {
      state.blockListeners.add(listener);
      return () => state.blockListeners.delete(listener);
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };

  replayBitcoinJournal(state, { chain, entries: laterEntries });
  timer = startBlockTimer(() => chain.mine(), blockTimeMs, log);
  return chain;
}
