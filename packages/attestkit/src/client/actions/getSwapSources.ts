import type { InvalidRequestErrorType, InvalidResponseErrorType } from "../../schemas/errors.js";
import type { SwapSourcesRequest, SwapSourcesResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type GetSwapSourcesParameters = SwapSourcesRequest;
export type GetSwapSourcesReturnType = SwapSourcesResponse;
export type GetSwapSourcesErrorType = ClientErrorType | InvalidRequestErrorType | InvalidResponseErrorType;

/**
 * Lists the swap sources a quote may name in `includedSwapSources`, `excludedSwapSources`,
 * `includedOriginSwapSources` and `includedDestinationSwapSources` (`GET /swap-sources`, the official
 * SDK's API types), on one chain or on all.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - `{ chainId? }`, a number or decimal digits. {@link GetSwapSourcesParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns `{ sources }`, their names. {@link GetSwapSourcesReturnType}
 * @throws InvalidRequestError before sending; ApiError and the other client errors; InvalidResponseError
 * for a body without a `sources` list of strings. {@link GetSwapSourcesErrorType}
 * @example
 * const { sources } = await getSwapSources(client, { chainId: 8453 })
 */
export async function getSwapSources(
  client: BaseClient,
  parameters: GetSwapSourcesParameters = {},
  options: RequestOptions = {},
): Promise<GetSwapSourcesReturnType> {
  validateClientRequest(client, "swapSources", parameters);
  const body = await client.request({
    ...options,
    method: "GET",
    path: "/swap-sources",
    query: parameters,
    idempotent: isIdempotent("GET /swap-sources"),
  });
  return parseResponse({ endpoint: "swapSources", body }) as GetSwapSourcesReturnType;
}
