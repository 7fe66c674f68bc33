import { sha256 } from "@noble/hashes/sha2.js";
import { hex, utf8 } from "@scure/base";
import { isAccountIndex } from "../../chains/exchange/isAccountIndex.js";
import {
  type ExchangeAsset,
  type ExchangeTestAccount,
  exchangeAssets,
  exchangeRouteTypes,
  exchangeSolverAccount,
  exchangeTestAccounts,
  maxExchangeAmount,
  usdcAssetIndex,
} from "./constants.js";
import { ExchangeError, ExchangeLedgerReplayError } from "./errors.js";
import { parseTransferRequest, type TransferRequest } from "./parseTransferRequest.js";

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

const keyOf = (assetIndex: number, routeType: number) => `${assetIndex}:${routeType}`;
const hashKey = (apiKey: string) => hex.encode(sha256(utf8.decode(apiKey)));
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
  /** True while the opening accounts are set up and the journal is replayed: nothing is appended. */
  let restoring = true;
  const keep = (entry: ExchangeLedgerEntry) => {
    if (!restoring) journal?.append(entry);
  };
  const balances = new Map<number, Map<string, bigint>>();
  const keyAccounts = new Map<string, number>();
  const all: ExchangeTransfer[] = [];
  const byClientId = new Map<string, ExchangeTransfer>();
  const listeners = new Set<(transfer: ExchangeTransfer) => void>();
  let fees = 0n;

  const checkAccountIndex = (field: string, value: unknown) => {
    if (typeof value !== "number" || !isAccountIndex({ accountIndex: value }))
      throw new ExchangeError({ code: "INVALID_ACCOUNT_INDEX", field, value });
    return value;
  };
  const checkAsset = (assetIndex: unknown) => {
    if (!exchangeAssets.some((asset) => asset.assetIndex === assetIndex))
      throw new ExchangeError({ code: "UNKNOWN_ASSET", field: "assetIndex", value: assetIndex });
    return assetIndex as number;
  };
  const checkRoute = (routeType: unknown) => {
    if (!(Object.values(exchangeRouteTypes) as unknown[]).includes(routeType))
      throw new ExchangeError({ code: "UNKNOWN_ROUTE_TYPE", field: "routeType", value: routeType });
    return routeType as number;
  };
  const credit = (accountIndex: number, key: string, amount: bigint) => {
    const account = balances.get(accountIndex) as Map<string, bigint>;
    account.set(key, (account.get(key) ?? 0n) + amount);
  };
  /** Makes a checked transfer: debits the amount and the fee, credits the amount, records it. */
  const apply = (transfer: ExchangeTransfer) => {
    const { fromAccountIndex, toAccountIndex, assetIndex, fromRouteType, toRouteType, amount, usdcFee } =
      transfer;
    credit(fromAccountIndex, keyOf(assetIndex, fromRouteType), -amount);
    credit(fromAccountIndex, keyOf(usdcAssetIndex, fromRouteType), -usdcFee);
    credit(toAccountIndex, keyOf(assetIndex, toRouteType), amount);
    fees += usdcFee;
    all.push(transfer);
    if (transfer.clientTransferId !== undefined)
      byClientId.set(`${fromAccountIndex}:${transfer.clientTransferId}`, transfer);
  };

  const ledger: ExchangeLedger = {
    assets: exchangeAssets,
    transfer({ apiKey, request }) {
      const from =
        typeof apiKey === "string" && apiKey.length > 0 ? keyAccounts.get(hashKey(apiKey)) : undefined;
      if (from === undefined) throw new ExchangeError({ code: "UNAUTHORIZED" });
      const parsed = parseTransferRequest(request);
      if (parsed.fromAccountIndex !== undefined && parsed.fromAccountIndex !== from)
        throw new ExchangeError({
          code: "FORBIDDEN",
          field: "fromAccountIndex",
          value: parsed.fromAccountIndex,
          detail: `the key debits account ${from}`,
        });
      const {
        toAccountIndex,
        assetIndex,
        fromRouteType,
        toRouteType,
        amount,
        usdcFee,
        memo,
        clientTransferId,
      } = parsed;
      const clientKey = clientTransferId === undefined ? undefined : `${from}:${clientTransferId}`;
      const previous = clientKey === undefined ? undefined : byClientId.get(clientKey);
      if (previous) {
        const same =
          previous.toAccountIndex === toAccountIndex &&
          previous.assetIndex === assetIndex &&
          previous.fromRouteType === fromRouteType &&
          previous.toRouteType === toRouteType &&
          previous.amount === amount &&
          previous.usdcFee === usdcFee &&
          previous.memo === memo;
        if (!same)
          throw new ExchangeError({
            code: "IDEMPOTENCY_CONFLICT",
            field: "clientTransferId",
            value: clientTransferId,
            detail: `transfer ${previous.transferId} used it`,
          });
        return { transfer: previous, duplicate: true };
      }
      const receiver = balances.get(toAccountIndex);
      if (!receiver)
        throw new ExchangeError({ code: "UNKNOWN_ACCOUNT", field: "toAccountIndex", value: toAccountIndex });
      if (toAccountIndex === from && fromRouteType === toRouteType)
        throw new ExchangeError({ code: "SAME_ROUTE", field: "toRouteType", value: toRouteType });

      // Debits first: amount from its asset's route, the fee in USDC from the same route.
      const sender = balances.get(from) as Map<string, bigint>;
      const debits = new Map<string, bigint>();
      debits.set(keyOf(assetIndex, fromRouteType), amount);
      const feeKey = keyOf(usdcAssetIndex, fromRouteType);
      debits.set(feeKey, (debits.get(feeKey) ?? 0n) + usdcFee);
      for (const [key, needed] of debits) {
        const available = sender.get(key) ?? 0n;
        if (available < needed)
          throw new ExchangeError({
            code: "INSUFFICIENT_BALANCE",
            field: key === keyOf(assetIndex, fromRouteType) ? "amount" : "usdcFee",
            detail: `account ${from} holds ${available} of asset ${key.split(":")[0]} on route ${fromRouteType}, needs ${needed}`,
          });
      }
      // The credited route is never a debited one (SAME_ROUTE above), so its balance only grows.
      const creditKey = keyOf(assetIndex, toRouteType);
      if ((receiver.get(creditKey) ?? 0n) + amount > maxExchangeAmount)
        throw new ExchangeError({ code: "BALANCE_OVERFLOW", field: "amount", value: amount.toString() });

      const transferId = all.length + 1;
      const createdAt = now();
      const fields = [
        transferId,
        from,
        toAccountIndex,
        assetIndex,
        fromRouteType,
        toRouteType,
        amount,
        usdcFee,
        memo,
      ];
      const transfer: ExchangeTransfer = {
        transferId,
        hash: `0x${hex.encode(sha256(utf8.decode(fields.map(String).join(":"))))}`,
        fromAccountIndex: from,
        toAccountIndex,
        assetIndex,
        fromRouteType,
        toRouteType,
        amount,
        usdcFee,
        memo,
        clientTransferId,
        createdAt,
      };
      keep({ type: "transfer", transfer });
      apply(transfer);
      for (const listener of listeners) {
        try {
          listener(transfer);
        } catch (error) {
          log(`exchange transfer listener: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return { transfer, duplicate: false };
    },
    balances(accountIndex) {
      const account = balances.get(accountIndex);
      if (!account) return undefined;
      return [...account.entries()]
        .filter(([, balance]) => balance !== 0n)
        .map(([key, balance]) => {
          const [assetIndex, routeType] = key.split(":").map(Number) as [number, number];
          return { assetIndex, routeType, balance };
        })
        .sort((a, b) => a.assetIndex - b.assetIndex || a.routeType - b.routeType);
    },
    balance: ({ accountIndex, assetIndex, routeType = exchangeRouteTypes.perp }) =>
      balances.get(accountIndex)?.get(keyOf(assetIndex, routeType)) ?? 0n,
    fund({ accountIndex, assetIndex = usdcAssetIndex, routeType = exchangeRouteTypes.perp, amount }) {
      checkAccountIndex("accountIndex", accountIndex);
      const key = keyOf(checkAsset(assetIndex), checkRoute(routeType));
      if (typeof amount !== "bigint" || amount <= 0n || amount > maxExchangeAmount)
        throw new ExchangeError({ code: "INVALID_AMOUNT", field: "amount", value: amount });
      if (!balances.has(accountIndex)) balances.set(accountIndex, new Map());
      if ((balances.get(accountIndex)?.get(key) ?? 0n) + amount > maxExchangeAmount)
        throw new ExchangeError({ code: "BALANCE_OVERFLOW", field: "amount", value: amount });
      keep({ type: "fund", accountIndex, assetIndex, routeType, amount });
      credit(accountIndex, key, amount);
    },
    addApiKey({ accountIndex, apiKey }) {
      if (!balances.has(accountIndex))
        throw new ExchangeError({ code: "UNKNOWN_ACCOUNT", field: "accountIndex", value: accountIndex });
      if (typeof apiKey !== "string" || apiKey.length < 16)
        throw new ExchangeError({
          code: "UNAUTHORIZED",
          field: "apiKey",
          detail: "a key has at least 16 characters",
        });
      const owner = keyAccounts.get(hashKey(apiKey));
      if (owner !== undefined && owner !== accountIndex)
        throw new ExchangeError({
          code: "FORBIDDEN",
          field: "apiKey",
          detail: `the key belongs to account ${owner}`,
        });
      keep({ type: "apiKey", accountIndex, keyHash: hashKey(apiKey) });
      keyAccounts.set(hashKey(apiKey), accountIndex);
    },
    getTransfer: (transferId) => (Number.isSafeInteger(transferId) ? all[transferId - 1] : undefined),
    getTransfersByMemo(memo) {
      const normalized = `0x${memo.replace(/^0x/, "").toLowerCase()}`;
      return all.filter((transfer) => transfer.memo === normalized);
    },
    transfers: () => all.slice(),
    feesCollected: () => fees,
    onTransfer(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  for (const [i, account] of accounts.entries()) {
    checkAccountIndex(`accounts[${i}].accountIndex`, account.accountIndex);
    if (balances.has(account.accountIndex))
      throw new ExchangeError({
        code: "INVALID_ACCOUNT_INDEX",
        field: `accounts[${i}].accountIndex`,
        value: account.accountIndex,
        detail: "listed twice",
      });
    balances.set(account.accountIndex, new Map());
    for (const opening of account.balances ?? [])
      ledger.fund({
        accountIndex: account.accountIndex,
        assetIndex: opening.assetIndex,
        routeType: opening.routeType,
        amount: opening.amount,
      });
    for (const apiKey of account.apiKeys ?? [])
      ledger.addApiKey({ accountIndex: account.accountIndex, apiKey });
  }
  for (const [entryIndex, entry] of (journal?.entries ?? []).entries()) {
    try {
      replay(entry);
    } catch (error) {
      throw new ExchangeLedgerReplayError({
        entryIndex,
        reason:
          error instanceof ExchangeError
            ? error.shortMessage
            : error instanceof Error
              ? error.message
              : String(error),
        cause: error,
      });
    }
  }
  restoring = false;
  return ledger;

  /** Applies a kept entry again, with the checks that made it valid then. */
  function replay(entry: ExchangeLedgerEntry) {
    if (entry.type === "fund") return ledger.fund(entry);
    if (entry.type === "apiKey") {
      if (!balances.has(entry.accountIndex)) throw new Error(`account ${entry.accountIndex} does not exist`);
      keyAccounts.set(entry.keyHash, entry.accountIndex);
      return;
    }
    const { transfer } = entry;
    if (transfer.transferId !== all.length + 1)
      throw new Error(`transfer ${transfer.transferId} comes where transfer ${all.length + 1} should`);
    for (const account of [transfer.fromAccountIndex, transfer.toAccountIndex])
      if (!balances.has(account)) throw new Error(`account ${account} does not exist`);
    const debit = (key: string, needed: bigint) => {
      const available = balances.get(transfer.fromAccountIndex)?.get(key) ?? 0n;
      if (available < needed)
        throw new Error(`account ${transfer.fromAccountIndex} holds ${available} of ${key}, needs ${needed}`);
    };
    if (transfer.assetIndex === usdcAssetIndex)
      debit(keyOf(usdcAssetIndex, transfer.fromRouteType), transfer.amount + transfer.usdcFee);
    else {
      debit(keyOf(transfer.assetIndex, transfer.fromRouteType), transfer.amount);
      debit(keyOf(usdcAssetIndex, transfer.fromRouteType), transfer.usdcFee);
    }
    apply(transfer);
  }
}
