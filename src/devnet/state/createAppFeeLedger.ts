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
};

export type AppFeeLedger = {
  /** Adds `amount` (USDC, 6 decimals) to a wallet's balance. */
  credit: (wallet: Address, amount: bigint) => void;
  /** The wallet's claimable balance: credited, less what was claimed or is reserved by a pending claim. */
  balance: (wallet: Address) => bigint;
  /** Reserves `amount` of the balance for a claim; false (nothing reserved) when it exceeds the balance. */
  reserve: (claim: PendingClaim) => boolean;
  /** The pending claim of an id. */
  pending: (claimId: Hex) => PendingClaim | undefined;
  /** Ends a pending claim: paid (the reservation is spent) or released (back to the balance). */
  settle: (claimId: Hex, outcome: "paid" | "released") => void;
};

/**
 * Creates the devnet's app fee ledger: app fees accrue per recipient wallet in USDC (6 decimals), as
 * the live service's do, and leave it by claims. A claim first reserves its amount (so two claims
 * cannot spend one balance), then is paid or released. In memory.
 *
 * @returns The ledger. {@link AppFeeLedger}
 * @example
 * const ledger = createAppFeeLedger()
 * ledger.credit(wallet, 1_000_000n)
 * ledger.balance(wallet) // 1000000n
 */
export function createAppFeeLedger(): AppFeeLedger {
  const credited = new Map<string, bigint>();
  const spent = new Map<string, bigint>();
  const claims = new Map<string, PendingClaim>();
  const key = (value: string) => value.toLowerCase();
  const add = (map: Map<string, bigint>, wallet: string, amount: bigint) =>
    map.set(key(wallet), (map.get(key(wallet)) ?? 0n) + amount);
  const balance = (wallet: Address) => (credited.get(key(wallet)) ?? 0n) - (spent.get(key(wallet)) ?? 0n);
  return {
    credit(wallet, amount) {
      if (amount > 0n) add(credited, wallet, amount);
    },
    balance,
    reserve(claim) {
      if (claim.amount <= 0n || claim.amount > balance(claim.wallet) || claims.has(key(claim.claimId)))
        return false;
      add(spent, claim.wallet, claim.amount);
      claims.set(key(claim.claimId), claim);
      return true;
    },
    pending: (claimId) => claims.get(key(claimId)),
    settle(claimId, outcome) {
      const claim = claims.get(key(claimId));
      if (!claim) return;
      claims.delete(key(claimId));
      if (outcome === "released") add(spent, claim.wallet, -claim.amount);
    },
  };
}
