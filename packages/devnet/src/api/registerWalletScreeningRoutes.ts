import type { Hono } from "hono";
import { DevnetApiError } from "../errors.js";
import { readJsonBody } from "./readJsonBody.js";
import type { DevnetContext } from "./types.js";
import { validateIntegratorRequest } from "./validateIntegratorRequest.js";

/** What the screening routes use of the devnet: its screening (none: nothing can be blocked). */
export type WalletScreeningRoutesDeps = Pick<DevnetContext, "walletScreening">;

/**
 * Adds the official SDK's wallet screening routes, in the shapes its types give:
 * - `POST /wallets/screen/override` `{wallet, chainId?, action: ALLOW | BLOCK | NONE, reason?}`:
 *   sets a wallet's override (`NONE` removes it); `{message}`;
 * - `GET /wallets/screen/info?wallet=`: `{isBlocked, override, reason, ...}` (the providers' verdicts
 *   `false` / null: the devnet has none).
 * A blocked wallet's quotes are refused (`SANCTIONED_WALLET_ADDRESS`) and a request paying it is
 * refunded instead of filled (`BLOCKED_WALLET`; a deposit address's funds to its `recoveryAddress`).
 * Both checked with the shared request schemas (`walletScreenOverride`, `walletScreenInfo`): a
 * malformed call is a 400 naming the field.
 *
 * @param app - The devnet's app.
 * @param context - {@link WalletScreeningRoutesDeps}
 * @example
 * registerWalletScreeningRoutes(app, context)
 */
export function registerWalletScreeningRoutes(app: Hono, context: WalletScreeningRoutesDeps): void {
  const screening = () => {
    if (context.walletScreening) return context.walletScreening;
    throw new DevnetApiError({
      status: 404,
      errorCode: "NOT_FOUND",
      message: "This devnet screens no wallet.",
    });
  };
  app.post("/wallets/screen/override", async (c) => {
    const body = validateIntegratorRequest({
      endpoint: "walletScreenOverride",
      input: await readJsonBody(c),
    });
    const { wallet, action, reason } = body;
    screening().override({ wallet, action, reason });
    return c.json({ message: `Override ${action} set for ${wallet}` });
  });
  app.get("/wallets/screen/info", (c) => {
    const { wallet } = validateIntegratorRequest({ endpoint: "walletScreenInfo", input: c.req.query() });
    const { isBlocked, override, reason } = screening().info(wallet);
    return c.json({
      message: isBlocked ? `${wallet} is blocked` : `${wallet} is not blocked`,
      isBlocked,
      isTrmBlocked: null,
      isVasp: null,
      trmBlockReasons: [],
      isHackBountyBlocked: false,
      isChainalysisBlocked: false,
      isOstiumBlocked: false,
      override,
      reason,
    });
  });
}
