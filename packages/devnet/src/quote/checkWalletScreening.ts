import type { WalletScreening } from "../state/createWalletScreening.js";
import { quoteBadRequest } from "./quoteBadRequest.js";

export type CheckWalletScreeningParameters = {
  /** The devnet's screening; none: no wallet is blocked. */
  screening: Pick<WalletScreening, "isBlocked"> | undefined;
  /** The quote's wallets (its `user` and `recipient`; an absent one is skipped). */
  wallets: readonly (string | undefined)[];
};

/**
 * Refuses a quote for a blocked wallet, as the live service answers a screened-out address with the
 * quote error `SANCTIONED_WALLET_ADDRESS` (live-service facts, quote error codes).
 *
 * @param parameters - {@link CheckWalletScreeningParameters}
 * @throws DevnetApiError 400 `SANCTIONED_WALLET_ADDRESS` naming the first blocked wallet.
 * @example
 * checkWalletScreening({ screening: context.walletScreening, wallets: [body.user, body.recipient] })
 */
export function checkWalletScreening({ screening, wallets }: CheckWalletScreeningParameters): void {
  const blocked = wallets.find((wallet) => wallet !== undefined && screening?.isBlocked(wallet));
  if (blocked !== undefined)
    throw quoteBadRequest(
      "SANCTIONED_WALLET_ADDRESS",
      `${blocked} is blocked by wallet screening (GET /wallets/screen/info); the devnet quotes no request for it.`,
    );
}
