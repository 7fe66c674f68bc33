import type { InvalidRequestErrorType } from "../../schemas/errors.js";
import type { RequestsV2Request, RequestsV2Response } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type GetRequestsV2Parameters = RequestsV2Request;
export type GetRequestsV2ReturnType = RequestsV2Response;
export type GetRequestsV2ErrorType = ClientErrorType | InvalidRequestErrorType;

/**
 * Lists requests in the older v2 shape (`GET /requests/v2`, the route the official SDK's types
 * describe; no API key needed): by `user` (sender or recipient), `hash` (any of the request's
 * transactions), `id`, `orderId`, chains, status and time; `includeOrderData` adds each request's
 * order. `getRequests` calls v3, the richer listing. Pass `continuation` back for the next page.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - The filters, `limit` (1 to 50) and `continuation`. {@link GetRequestsV2Parameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns `{ requests, continuation? }`. {@link GetRequestsV2ReturnType}
 * @example
 * const { requests } = await getRequestsV2(client, { hash: depositTxHash })
 */
export async function getRequestsV2(
  client: BaseClient,
  parameters: GetRequestsV2Parameters = {},
  options: RequestOptions = {},
): Promise<GetRequestsV2ReturnType> {
  validateClientRequest(client, "requestsV2", parameters);
  const body = await client.request({
    ...options,
    method: "GET",
    path: "/requests/v2",
    query: parameters,
    idempotent: isIdempotent("GET /requests/v2"),
  });
  return parseResponse({ endpoint: "requestsV2", body }) as GetRequestsV2ReturnType;
}
