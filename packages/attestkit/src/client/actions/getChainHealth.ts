import type { InvalidRequestErrorType, InvalidResponseErrorType } from "../../schemas/errors.js";
import type { ChainHealthRequest, ChainHealthResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type GetChainHealthParameters = ChainHealthRequest;
export type GetChainHealthReturnType = ChainHealthResponse;
export type GetChainHealthErrorType = ClientErrorType | InvalidRequestErrorType | InvalidResponseErrorType;

/**
 * Asks whether a chain is healthy (`GET /chains/health`, the official SDK's API types); without
 * `chainId`, whether every chain is. A chain the service does not know is a 400 `ApiError`.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - `{ chainId? }`, a number or decimal digits. {@link GetChainHealthParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns `{ healthy }`. {@link GetChainHealthReturnType}
 * @throws InvalidRequestError before sending; ApiError and the other client errors; InvalidResponseError
 * for a body without a boolean `healthy`. {@link GetChainHealthErrorType}
 * @example
 * const { healthy } = await getChainHealth(client, { chainId: 8453 })
 */
export async function getChainHealth(
  client: BaseClient,
  parameters: GetChainHealthParameters = {},
  options: RequestOptions = {},
): Promise<GetChainHealthReturnType> {
  validateClientRequest(client, "chainHealth", parameters);
  const body = await client.request({
    ...options,
    method: "GET",
    path: "/chains/health",
    query: parameters,
    idempotent: isIdempotent("GET /chains/health"),
  });
  return parseResponse({ endpoint: "chainHealth", body }) as GetChainHealthReturnType;
}
