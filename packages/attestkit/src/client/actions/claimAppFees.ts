import type { InvalidRequestErrorType, InvalidResponseErrorType } from "../../schemas/errors.js";
import type { AppFeeClaimRequest, AppFeeClaimResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type ClaimAppFeesParameters = AppFeeClaimRequest;
export type ClaimAppFeesReturnType = AppFeeClaimResponse;
export type ClaimAppFeesErrorType = ClientErrorType | InvalidRequestErrorType | InvalidResponseErrorType;

/**
 * Starts a claim of a wallet's app fees (`POST /app-fees/{wallet}/claim`, the official SDK's API
 * types): the service answers the claim's steps, one `signature` step the wallet signs and posts
 * (`executeSteps` runs them). Non-idempotent, as each call reserves a claim: not re-sent after an
 * ambiguous failure unless `retry.retryAmbiguous`.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - `wallet` (sent in the path); `chainId` and `currency`, the currency to claim;
 * `recipient`, who is paid; `amount`, in the smallest unit (default: the whole balance). {@link ClaimAppFeesParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns `{ steps }`. {@link ClaimAppFeesReturnType}
 * @throws InvalidRequestError before sending; ApiError (400 for a claim the service refuses) and the
 * other client errors; InvalidResponseError for a body without `steps`. {@link ClaimAppFeesErrorType}
 * @example
 * const { steps } = await claimAppFees(client, { wallet, chainId: 8453, currency: usdc, recipient: wallet })
 */
export async function claimAppFees(
  client: BaseClient,
  parameters: ClaimAppFeesParameters,
  options: RequestOptions = {},
): Promise<ClaimAppFeesReturnType> {
  const { wallet, ...claim } = validateClientRequest(client, "appFeeClaim", parameters);
  const body = await client.request({
    ...options,
    method: "POST",
    path: `/app-fees/${encodeURIComponent(wallet)}/claim`,
    body: claim,
    idempotent: isIdempotent("POST /app-fees/{wallet}/claim"),
  });
  return parseResponse({ endpoint: "appFeeClaim", body }) as ClaimAppFeesReturnType;
}
