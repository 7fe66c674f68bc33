import { addExchangeApiKey } from "./addExchangeApiKey.js";
import {
  type ExchangeAsset,
  type ExchangeTestAccount,
  exchangeAssets,
  exchangeRouteTypes,
  exchangeSolverAccount,
  exchangeTestAccounts,
  usdcAssetIndex,
} from "./constants.js";
import { exchangeBalanceKey } from "./exchangeBalanceKey.js";
import { fundExchangeAccount } from "./fundExchangeAccount.js";
import { listExchangeBalances } from "./listExchangeBalances.js";
import { openExchangeAccounts } from "./openExchangeAccounts.js";
import type { TransferRequest } from "./parseTransferRequest.js";
import { replayExchangeJournal } from "./replayExchangeJournal.js";
import { transferOnExchangeLedger } from "./transferOnExchangeLedger.js";
import type {
  ExchangeAccountSpec,
  ExchangeBalance,
  ExchangeLedgerEntry,
  ExchangeLedgerJournal,
  ExchangeLedgerState,
  ExchangeTransfer,
} from "./types.js";

export type {
  ExchangeAccountSpec,
  ExchangeBalance,
  ExchangeLedgerEntry,
  ExchangeLedgerJournal,
  ExchangeTransfer,
} from "./types.js";

export type CreateExchangeLedgerParameters = {
  /**
   * The accounts. Default: {@link exchangeSolverAccount} and the ten {@link exchangeTestAccounts},
   * each with its API key and its USDC-perp balance.
   */
  accounts?: readonly ExchangeAccountSpec[] | undefined;
  /** Clock in Unix milliseconds. Default `Date.now`. */
  now?: (() => number) | undefined;
  /**
   * Keeps the ledger: every transfer, credit and added key is appended before it is made, and the
   * entries of an earlier run are replayed at creation.
   *
   * @throws {ExchangeLedgerReplayError} (at creation) When an entry does not apply (unknown account,
   * a balance it would overdraw, a transfer out of sequence).
   */
  journal?: ExchangeLedgerJournal | undefined;
  log?: ((message: string) => void) | undefined;
};

export type ExchangeLedger = {
  readonly assets: readonly ExchangeAsset[];
  /**
   * Moves `amount` of an asset from the API key's account to another account (or between the
   * account's routes), and charges `usdcFee` in USDC to the same route. Resubmitting a
   * `clientTransferId` with the same parameters returns the first transfer (`duplicate: true`).
   *
   * @throws {ExchangeError} UNAUTHORIZED, FORBIDDEN, invalid fields, UNKNOWN_ACCOUNT, SAME_ROUTE,
   * INSUFFICIENT_BALANCE, BALANCE_OVERFLOW, IDEMPOTENCY_CONFLICT.
   */
  transfer: (parameters: { apiKey: string | undefined; request: TransferRequest | unknown }) => {
    transfer: ExchangeTransfer;
    duplicate: boolean;
  };
  /** The account's non-zero balances; undefined for an unknown account. */
  balances: (accountIndex: number) => ExchangeBalance[] | undefined;
  /** One balance (0n when never credited). */
  balance: (parameters: {
    accountIndex: number;
    assetIndex: number;
    routeType?: number | undefined;
  }) => bigint;
  /** Opens the account if needed and credits it (devnet faucet; the solver pays deposits with `transfer`). */
  fund: (parameters: {
    accountIndex: number;
    assetIndex?: number | undefined;
    routeType?: number | undefined;
    amount: bigint;
  }) => void;
  /** Adds an API key to an existing account. */
  addApiKey: (parameters: { accountIndex: number; apiKey: string }) => void;
  getTransfer: (transferId: number) => ExchangeTransfer | undefined;
  /** Transfers carrying a memo (the solver's lookup by request id), oldest first. */
  getTransfersByMemo: (memo: string) => ExchangeTransfer[];
  /** Every transfer, oldest first. */
  transfers: () => readonly ExchangeTransfer[];
  /** USDC fees collected by the exchange, in smallest units. */
  feesCollected: () => bigint;
  /** Called after every new transfer (not for idempotent repeats). Returns the unsubscribe function. */
  onTransfer: (listener: (transfer: ExchangeTransfer) => void) => () => void;
};

const defaultAccounts = [exchangeSolverAccount, ...exchangeTestAccounts].map(
  ({ accountIndex, apiKey, balance }: ExchangeTestAccount): ExchangeAccountSpec => ({
    accountIndex,
    apiKeys: [apiKey],
    balances: [{ assetIndex: usdcAssetIndex, routeType: exchangeRouteTypes.perp, amount: balance }],
  }),
);

/**
 * Creates the external exchange's ledger (chain 3586256) in process: accounts by index, balances per
 * asset and route type (USDC-perp, asset 0, 6 decimals), account-scoped API keys (a key debits only
 * its own account; keys are kept as sha256 digests), transfers with a fee, a memo and idempotency by
 * client id, and a listener the solver uses to match a memo to a request id.
 *
 * @param parameters - {@link CreateExchangeLedgerParameters}
 * @returns The ledger. {@link ExchangeLedger}
 * @example
 * const ledger = createExchangeLedger()
 * ledger.onTransfer((transfer) => { if (transfer.memo === requestId) ... })
 */
export function createExchangeLedger(parameters: CreateExchangeLedgerParameters = {}): ExchangeLedger {
  const { accounts = defaultAccounts, now = Date.now, journal, log = () => {} } = parameters;
  const state: ExchangeLedgerState = {
    balances: new Map(),
    keyAccounts: new Map(),
    transfers: [],
    byClientId: new Map(),
    listeners: new Set(),
    fees: 0n,
    restoring: true,
    now,
    keep: (entry: ExchangeLedgerEntry) => {
      if (!state.restoring) journal?.append(entry);
    },
    log,
  };
  const ledger: ExchangeLedger = {
    assets: exchangeAssets,
    transfer: (parameters) => transferOnExchangeLedger(state, parameters),
    balances: (accountIndex) => listExchangeBalances(state.balances.get(accountIndex)),
    balance: ({ accountIndex, assetIndex, routeType = exchangeRouteTypes.perp }) =>
      state.balances.get(accountIndex)?.get(exchangeBalanceKey(assetIndex, routeType)) ?? 0n,
    fund: (parameters) => fundExchangeAccount(state, parameters),
    addApiKey: (parameters) => addExchangeApiKey(state, parameters),
    getTransfer: (transferId) =>
      Number.isSafeInteger(transferId) ? state.transfers[transferId - 1] : undefined,
    getTransfersByMemo(memo) {
      const normalized = `0x${memo.replace(/^0x/, "").toLowerCase()}`;
      return state.transfers.filter((transfer) => transfer.memo === normalized);
    },
    transfers: () => state.transfers.slice(),
    feesCollected: () => state.fees,
    onTransfer(listener) {
      state.listeners.add(listener);
      return () => state.listeners.delete(listener);
    },
  };
  openExchangeAccounts(state, accounts);
  replayExchangeJournal(state, journal?.entries ?? []);
  state.restoring = false;
  return ledger;
}
