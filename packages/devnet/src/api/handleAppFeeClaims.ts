import type { RequestOutput } from "attestkit/schemas";
import { getAddress, isAddress, isAddressEqual } from "viem";
import { DevnetApiError } from "../errors.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { ClaimRecord } from "../state/createAppFeeLedger.js";
import { renderAmount } from "./renderAmount.js";
import type { DevnetContext } from "./types.js";

/** What `GET /app-fees/{wallet}/claims` uses of the devnet: the app fee ledger, the currencies, the URL. */
export type AppFeeClaimsDeps = Pick<DevnetContext, "appFees" | "currencies" | "url">;

export type HandleAppFeeClaimsParameters = {
  context: AppFeeClaimsDeps;
  /** The path's wallet with the query, as the shared schema `appFeeClaims` validated them. */
  query: RequestOutput<"appFeeClaims">;
};

/** Claims per page without `limit`, as `GET /requests/v3` pages (the SDK's types give no default). */
export const defaultClaimsLimit = 20;

/** The most claims one page holds; a larger `limit` is cut to it (as `GET /requests/v3`'s 50). */
export const maxClaimsLimit = 50;

/**
 * `GET /app-fees/{wallet}/claims`: the wallet's claims, newest first, in the official SDK's shape
 * (`claims[]` of `{claimId, wallet, recipient, currency, txHash, status, createdAt}`; `currency` an
 * Amount of USDC on the chain paid; `status` `pending` until the payment ends, then `success` or
 * `failure`; `txHash` null until a payment is mined; `createdAt` ISO, null for a claim kept by a
 * devnet that did not record it). A claim is listed once the wallet signed it; one reserved but never
 * signed is not a claim transaction. Pages: `limit` (default 20, at most 50) and the opaque
 * `continuation` of the previous answer (absent on the last page); the history only grows at its
 * end, so claims made meanwhile never shift a later page.
 *
 * @param parameters - {@link HandleAppFeeClaimsParameters}
 * @returns `{ claims, continuation? }`.
 * @throws DevnetApiError 400 `INVALID_ADDRESS` for a wallet that is not an EVM address,
 * `INVALID_REQUEST` for a continuation this devnet did not hand out for the wallet.
 * @example
 * c.json(handleAppFeeClaims({ context, query: { wallet, limit: 10 } }))
 */
export function handleAppFeeClaims({ context, query }: HandleAppFeeClaimsParameters) {
  if (!isAddress(query.wallet, { strict: false }))
    throw invalid("INVALID_ADDRESS", `${query.wallet} is not an EVM address.`);
  const wallet = getAddress(query.wallet);
  const history = context.appFees.history(wallet);
  const before =
    query.continuation === undefined
      ? history.length
      : decodeClaimsCursor(query.continuation, history.length);
  const limit = Math.min(
    query.limit === undefined ? defaultClaimsLimit : Number(query.limit),
    maxClaimsLimit,
  );
  const from = Math.max(0, before - limit);
  const claims = history
    .slice(from, before)
    .reverse()
    .map((claim) => renderClaim(context, claim));
  return { claims, ...(from > 0 ? { continuation: encodeClaimsCursor(from) } : {}) };
}

/** One claim in the SDK's shape. */
function renderClaim(context: AppFeeClaimsDeps, claim: ClaimRecord) {
  const usdc = context.currencies.find(
    (currency) => currency.chainId === claim.chainId && isAddressEqual(currency.address, claim.currency),
  ) as DevnetCurrency;
  return {
    claimId: claim.claimId,
    wallet: claim.wallet,
    recipient: claim.recipient,
    currency: renderAmount({ currency: usdc, amount: claim.amount, url: context.url }),
    txHash: claim.txHash,
    status: claim.status,
    createdAt: claim.createdAt === undefined ? null : new Date(claim.createdAt).toISOString(),
  };
}

/** The cursor of the next page: base64url of `["claims", index]`, the index the page ends before. */
function encodeClaimsCursor(before: number): string {
  return Buffer.from(JSON.stringify(["claims", before]), "utf8").toString("base64url");
}

function decodeClaimsCursor(continuation: string, length: number): number {
  try {
    const [kind, before] = JSON.parse(Buffer.from(continuation, "base64url").toString("utf8"));
    if (kind === "claims" && Number.isInteger(before) && before > 0 && before <= length) return before;
  } catch {}
  throw invalid("INVALID_REQUEST", "continuation is not a cursor this service handed out.");
}

function invalid(errorCode: string, message: string) {
  return new DevnetApiError({ status: 400, errorCode, message });
}
