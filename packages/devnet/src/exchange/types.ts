/** A transfer the ledger made. Amounts in the asset's smallest units. */
export type ExchangeTransfer = {
  /** Sequential, from 1. */
  transferId: number;
  /** sha256 of the transfer's fields, `0x` and 64 hex digits: what an origin transaction hash is for this chain. */
  hash: `0x${string}`;
  fromAccountIndex: number;
  toAccountIndex: number;
  assetIndex: number;
  fromRouteType: number;
  toRouteType: number;
  amount: bigint;
  usdcFee: bigint;
  /** `0x` and 64 lower-case hex digits (the request id for withdrawals), or null. */
  memo: `0x${string}` | null;
  clientTransferId: string | undefined;
  /** Unix milliseconds. */
  createdAt: number;
};

/** One balance of an account. */
export type ExchangeBalance = { assetIndex: number; routeType: number; balance: bigint };

/** An account at creation: its index, API keys and opening balances. */
export type ExchangeAccountSpec = {
  accountIndex: number;
  /** Keys that may debit this account (and no other). */
  apiKeys?: readonly string[] | undefined;
  /** Opening balances; route type 0 (perp) unless given. */
  balances?: readonly { assetIndex: number; routeType?: number | undefined; amount: bigint }[] | undefined;
};

/**
 * One change of the ledger, in order: what a journal keeps to rebuild it exactly. API keys are kept
 * as their sha256 digests, never in clear.
 */
export type ExchangeLedgerEntry =
  /** A transfer made (not an idempotent repeat), with every field it was answered with. */
  | { type: "transfer"; transfer: ExchangeTransfer }
  /** A credit by `fund` (the devnet faucet). */
  | { type: "fund"; accountIndex: number; assetIndex: number; routeType: number; amount: bigint }
  /** An API key added to an account (`addApiKey`), as its sha256 digest (hex). */
  | { type: "apiKey"; accountIndex: number; keyHash: string };

/** Where the ledger keeps its changes, and what an earlier run kept. */
export type ExchangeLedgerJournal = {
  /** Entries of an earlier run, replayed at creation after the opening accounts. */
  entries: readonly ExchangeLedgerEntry[];
  /** Called with each change before it is made and answered. */
  append: (entry: ExchangeLedgerEntry) => void;
};

/**
 * What the ledger holds and the settings its operations read. Every step of `createExchangeLedger`
 * takes it, so each can live in a file of its own and be tested on its own.
 */
export type ExchangeLedgerState = {
  /**
   * Balances per account index, each keyed by `exchangeBalanceKey(assetIndex, routeType)`, in the
   * asset's smallest units. An account exists once it has an entry, even an empty one.
   */
  readonly balances: Map<number, Map<string, bigint>>;
  /** The account each API key debits, by the key's sha256 digest (hex). */
  readonly keyAccounts: Map<string, number>;
  /** Every transfer, oldest first: transfer `n` is at index `n - 1`. */
  readonly transfers: ExchangeTransfer[];
  /** Transfers with a client id, by `fromAccountIndex:clientTransferId` (ids are per account). */
  readonly byClientId: Map<string, ExchangeTransfer>;
  /** Called after every new transfer. */
  readonly listeners: Set<(transfer: ExchangeTransfer) => void>;
  /** USDC fees collected by the exchange, in smallest units. */
  fees: bigint;
  /** True while the opening accounts are set up and the journal is replayed: nothing is journaled then. */
  restoring: boolean;
  /** Clock in Unix milliseconds. */
  readonly now: () => number;
  /** Journals a change before it is made, unless the ledger is being restored. */
  readonly keep: (entry: ExchangeLedgerEntry) => void;
  readonly log: (message: string) => void;
};
