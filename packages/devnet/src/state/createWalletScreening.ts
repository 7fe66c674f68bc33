import { isAddress } from "viem";

/** An override of a wallet's screening, as the official SDK's `POST /wallets/screen/override` sets it. */
export type WalletScreeningAction = "ALLOW" | "BLOCK" | "NONE";

/** What `GET /wallets/screen/info` answers of a wallet. */
export type WalletScreeningInfo = {
  /** Whether the wallet is blocked: only by a `BLOCK` override (the devnet has no screening provider). */
  isBlocked: boolean;
  /** The override in force, `NONE` when there is none. */
  override: WalletScreeningAction;
  /** The reason given with the override, else null. */
  reason: string | null;
};

/** The devnet's wallet screening: the overrides set at run time, read by the quote and the solver. */
export type WalletScreening = {
  /** Sets a wallet's override (`NONE` removes it). */
  override: (parameters: {
    wallet: string;
    action: WalletScreeningAction;
    reason?: string | undefined;
  }) => void;
  info: (wallet: string) => WalletScreeningInfo;
  isBlocked: (wallet: string) => boolean;
};

/** EVM addresses compare in any case; a Bitcoin address or an account index as written. */
const keyOf = (wallet: string) => (isAddress(wallet, { strict: false }) ? wallet.toLowerCase() : wallet);

/**
 * Creates the devnet's wallet screening: the live service screens wallets with outside providers and
 * lets an operator override a verdict (`ALLOW`, `BLOCK`, `NONE`: the official SDK's
 * `/wallets/screen/override`); the devnet has no provider, so a wallet is blocked exactly when a
 * `BLOCK` override is in force. Kept in memory: a restart forgets the overrides.
 *
 * @returns The screening. {@link WalletScreening}
 * @example
 * const screening = createWalletScreening()
 * screening.override({ wallet: "0xabc…", action: "BLOCK", reason: "test" })
 * screening.isBlocked("0xABC…") // true
 */
export function createWalletScreening(): WalletScreening {
  const overrides = new Map<string, { action: WalletScreeningAction; reason: string | null }>();
  const info = (wallet: string): WalletScreeningInfo => {
    const override = overrides.get(keyOf(wallet));
    return {
      isBlocked: override?.action === "BLOCK",
      override: override?.action ?? "NONE",
      reason: override?.reason ?? null,
    };
  };
  return {
    override({ wallet, action, reason }) {
      if (action === "NONE") overrides.delete(keyOf(wallet));
      else overrides.set(keyOf(wallet), { action, reason: reason ?? null });
    },
    info,
    isBlocked: (wallet) => info(wallet).isBlocked,
  };
}
