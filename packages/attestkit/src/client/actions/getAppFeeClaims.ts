import type { InvalidRequestErrorType, InvalidResponseErrorType } from "../../schemas/errors.js";
import type { AppFeeClaimsRequest, AppFeeClaimsResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type GetAppFeeClaimsParameters = AppFeeClaimsRequest;
export type GetAppFeeClaimsReturnType = AppFeeClaimsResponse;
export type GetAppFeeClaimsErrorType = ClientErrorType | InvalidRequestErrorType | InvalidResponseErrorType;

/**
 * Lists a wallet's past app fee claims (`GET /app-fees/{wallet}/claims`, the official SDK's API
 * types), one page at a time: pass the answer's `continuation` back for the next page.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - `wallet` (sent in the path), `limit` (a positive integer), `continuation`.
 * {@link GetAppFeeClaimsParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns `{ claims, continuation? }`: each claim's `claimId`, `wallet`, `recipient`, `currency`
 * (an Amount), `txHash` (null until paid), `status` and `createdAt`. {@link GetAppFeeClaimsReturnType}
 * @throws InvalidRequestError before sending; ApiError and the other client errors; InvalidResponseError
 * for a body without the `claims` list. {@link GetAppFeeClaimsErrorType}
 * @example
 * const { claims, continuation } = await getAppFeeClaims(client, { wallet, limit: 20 })
 */
export async function getAppFeeClaims(
  client: BaseClient,
  parameters: GetAppFeeClaimsParameters,
  options: RequestOptions = {},
): Promise<GetAppFeeClaimsReturnType> {
  const { wallet, ...query } = validateClientRequest(client, "appFeeClaims", parameters);
  const body = await client.request({
    ...options,
    method: "GET",
    path: `/app-fees/${encodeURIComponent(wallet)}/claims`,
    query,
    idempotent: isIdempotent("GET /app-fees/{wallet}/claims"),
  });
  return parseResponse({ endpoint: "appFeeClaims", body }) as GetAppFeeClaimsReturnType;
}
