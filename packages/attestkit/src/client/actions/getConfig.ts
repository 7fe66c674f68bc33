import type { InvalidRequestErrorType } from "../../schemas/errors.js";
import type { ConfigRequest, ConfigResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type GetConfigParameters = ConfigRequest;
export type GetConfigReturnType = ConfigResponse;
export type GetConfigErrorType = ClientErrorType | InvalidRequestErrorType;

/**
 * Reads whether a pair of chains is enabled and how much can be bridged (`GET /config/v2`, the route
 * the official SDK's types describe): with `user`, the user's balance and largest bridge; the fee; the
 * solver's address, balance and capacity per request on the destination.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - The chains, and optionally `user` and `currency` (a currency id). {@link GetConfigParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns The configuration. {@link GetConfigReturnType}
 * @example
 * const { enabled, user } = await getConfig(client, { originChainId: 1, destinationChainId: 8453, user })
 */
export async function getConfig(
  client: BaseClient,
  parameters: GetConfigParameters,
  options: RequestOptions = {},
): Promise<GetConfigReturnType> {
  validateClientRequest(client, "config", parameters);
  const body = await client.request({
    ...options,
    method: "GET",
    path: "/config/v2",
    query: parameters,
    idempotent: isIdempotent("GET /config/v2"),
  });
  return parseResponse({ endpoint: "config", body }) as GetConfigReturnType;
}
