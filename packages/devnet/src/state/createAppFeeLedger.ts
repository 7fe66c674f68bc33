import type { Address, Hex } from "viem";

/** A claim waiting for its signature: what the wallet signs and what is paid once it did. */
export type PendingClaim = {
  claimId: Hex;
  wallet: Address;
  chainId: number;
  currency: Address;
  recipient: Address;
  amount: bigint;
  /** The EIP-191 text the wallet signs. */
  message: string;
  /** When the claim was made, ms; absent on claims kept by a devnet that did not record it. */
  createdAt?: number | undefined;
};

/** How a signed claim's payment went: sent and mined with status 1, or failed (the balance restored). */
export type ClaimPayout = {
  /** The payment's transaction; null when none was mined. */
  txHash: Hex | null;
  status: "success" | "failure";
  /** When the payment ended, ms. */
  at: number;
};

/**
 * One claim of a wallet's history (`GET /app-fees/{wallet}/claims`): a claim the wallet signed, with
 * its payment: `pending` from the signature until the payment ends, then `success` or `failure`.
 */
export type ClaimRecord = PendingClaim & {
  status: "pending" | ClaimPayout["status"];
  txHash: Hex | null;
};

/** One change of the ledger, in order: what a journal keeps to rebuild it. */
export type AppFeeEntry =
  /** A credit; `key` (e.g. `<requestId>:<recipient index>`) makes it count once. */
  | { type: "credit"; wallet: Address; amount: bigint; key?: string | undefined }
  /** A claim reserved its amount. */
  | { type: "reserve"; claim: PendingClaim }
  /** A claim ended: paid, or released back to the balance. */
  | { type: "settle"; claimId: Hex; outcome: "paid" | "released" }
  /** A paid claim's payment ended. */
  | ({ type: "payout"; claimId: Hex } & ClaimPayout);

/** Where the ledger keeps its changes, and what an earlier run kept. */
export type AppFeeJournal = {
  entries: readonly AppFeeEntry[];
  /** Called with each change before it is made (and before the answer that shows it). */
  append: (entry: AppFeeEntry) => void;
};

export type AppFeeLedger = {
  /**
   * Adds `amount` (USDC, 6 decimals) to a wallet's balance. With a `key`, a second credit of the
   * same key is ignored (returns false): crediting a request's fees again is harmless.
   */
  credit: (wallet: Address, amount: bigint, key?: string | undefined) => boolean;
  /** The wallet's claimable balance: credited, less what was claimed or is reserved by a pending claim. */
  balance: (wallet: Address) => bigint;
  /** Reserves `amount` of the balance for a claim; false (nothing reserved) when it exceeds the balance. */
  reserve: (claim: PendingClaim) => boolean;
  /** The pending claim of an id. */
  pending: (claimId: Hex) => PendingClaim | undefined;
  /** Ends a pending claim: paid (the reservation is spent) or released (back to the balance). */
  settle: (claimId: Hex, outcome: "paid" | "released") => void;
  /** Records how a paid claim's payment ended; ignored for a claim not settled `paid`, or recorded already. */
  recordPayout: (claimId: Hex, payout: ClaimPayout) => void;
  /** The wallet's paid claims, oldest first (an append-only list: a claim keeps its index). */
  history: (wallet: Address) => readonly ClaimRecord[];
};

export type CreateAppFeeLedgerParameters = {
  /** Keeps the ledger; the entries of an earlier run are applied at creation. */
  journal?: AppFeeJournal | undefined;
};

/**
 * Creates the devnet's app fee ledger: app fees accrue per recipient wallet in USDC (6 decimals), as
 * the live service's do, and leave it by claims. A claim first reserves its amount (so two claims
 * cannot spend one balance), then is paid or released; a claim id is used once. With a journal,
 * each change is kept before it is made, so balances and claims come back after a restart and a paid
 * claim cannot be paid again. Paid claims stay in the wallet's history with how their payment ended
 * (`recordPayout`), as the live service lists them (`GET /app-fees/{wallet}/claims`).
 *
 * @param parameters - {@link CreateAppFeeLedgerParameters}
 * @returns The ledger. {@link AppFeeLedger}
 * @example
 * const ledger = createAppFeeLedger()
 * ledger.credit(wallet, 1_000_000n)
 * ledger.balance(wallet) // 1000000n
 */
export function createAppFeeLedger({ journal }: CreateAppFeeLedgerParameters = {}): AppFeeLedger {
  const credited = new Map<string, bigint>();
  const spent = new Map<string, bigint>();
  const claims = new Map<string, PendingClaim>();
  /** Every claim id ever reserved: an id is never reserved twice, even once settled. */
  const claimIds = new Set<string>();
  const creditKeys = new Set<string>();
  /** Paid claims by id, and each wallet's paid claims in the order they were paid. */
  const paid = new Map<string, ClaimRecord>();
  const histories = new Map<string, ClaimRecord[]>();
  const key = (value: string) => value.toLowerCase();
  const add = (map: Map<string, bigint>, wallet: string, amount: bigint) =>
    map.set(key(wallet), (map.get(key(wallet)) ?? 0n) + amount);
  const balance = (wallet: Address) => (credited.get(key(wallet)) ?? 0n) - (spent.get(key(wallet)) ?? 0n);
  const apply = (entry: AppFeeEntry) => {
    if (entry.type === "credit") {
      if (entry.key !== undefined) creditKeys.add(entry.key);
      add(credited, entry.wallet, entry.amount);
    } else if (entry.type === "reserve") {
      add(spent, entry.claim.wallet, entry.claim.amount);
      claims.set(key(entry.claim.claimId), entry.claim);
      claimIds.add(key(entry.claim.claimId));
    } else if (entry.type === "payout") {
      const record = paid.get(key(entry.claimId));
      if (record?.status === "pending") Object.assign(record, { status: entry.status, txHash: entry.txHash });
    } else {
      const claim = claims.get(key(entry.claimId));
      if (!claim) return;
      claims.delete(key(entry.claimId));
      if (entry.outcome === "released") add(spent, claim.wallet, -claim.amount);
      else remember({ ...claim, status: "pending", txHash: null });
    }
  };
  const remember = (record: ClaimRecord) => {
    paid.set(key(record.claimId), record);
    histories.set(key(record.wallet), [...(histories.get(key(record.wallet)) ?? []), record]);
  };
  const change = (entry: AppFeeEntry) => {
    journal?.append(entry);
    apply(entry);
  };
  for (const entry of journal?.entries ?? []) apply(entry);
  return {
    credit(wallet, amount, creditKey) {
      if (amount <= 0n || (creditKey !== undefined && creditKeys.has(creditKey))) return false;
      change({ type: "credit", wallet, amount, ...(creditKey === undefined ? {} : { key: creditKey }) });
      return true;
    },
    balance,
    reserve(claim) {
      if (claim.amount <= 0n || claim.amount > balance(claim.wallet) || claimIds.has(key(claim.claimId)))
        return false;
      change({ type: "reserve", claim });
      return true;
    },
    pending: (claimId) => claims.get(key(claimId)),
    settle(claimId, outcome) {
      if (claims.has(key(claimId))) change({ type: "settle", claimId, outcome });
    },
    recordPayout(claimId, payout) {
      if (paid.get(key(claimId))?.status === "pending") change({ type: "payout", claimId, ...payout });
    },
    history: (owner) => (histories.get(key(owner)) ?? []).map((record) => ({ ...record })),
  };
}
