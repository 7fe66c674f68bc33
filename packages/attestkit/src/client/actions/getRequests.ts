import type { InvalidRequestErrorType } from "../../schemas/errors.js";
import type { RequestsRequest, RequestsResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type GetRequestsParameters = RequestsRequest;
export type GetRequestsReturnType = RequestsResponse;
export type GetRequestsErrorType = ClientErrorType | InvalidRequestErrorType;

/**
 * Lists requests (`GET /requests/v3`): by `id`, `user`, `depositAddress`, `recipient`, transaction
 * hashes, chains, status and more, one page at a time. The service needs an API key (the client's
 * `apiKey`). Pass the answer's `continuation` back for the next page; there is none after the last.
 *
 * @param client - A client from `createClient` or `createBaseClient`, with an `apiKey`.
 * @param parameters - The filters, `limit` (1 to 50) and `continuation`. {@link GetRequestsParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns `{ requests, continuation?, total? }`. {@link GetRequestsReturnType}
 * @example
 * let page = await getRequests(client, { user, limit: 50 })
 * while (page.continuation) page = await getRequests(client, { user, limit: 50, continuation: page.continuation })
 */
export async function getRequests(
  client: BaseClient,
  parameters: GetRequestsParameters = {},
  options: RequestOptions = {},
): Promise<GetRequestsReturnType> {
  validateClientRequest(client, "requests", parameters);
  const body = await client.request({
    ...options,
    method: "GET",
    path: "/requests/v3",
    query: parameters,
  });
  return parseResponse({ endpoint: "requests", body }) as GetRequestsReturnType;
}
