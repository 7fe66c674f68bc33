import type { InvalidRequestErrorType } from "../../schemas/errors.js";
import type { CurrenciesRequest, CurrenciesResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type GetCurrenciesParameters = CurrenciesRequest;
export type GetCurrenciesReturnType = CurrenciesResponse;
export type GetCurrenciesErrorType = ClientErrorType | InvalidRequestErrorType;

/**
 * Searches the service's curated currency list (`POST /currencies/v1`).
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - Search filters, all optional. {@link GetCurrenciesParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns Groups of currencies (an array of arrays). {@link GetCurrenciesReturnType}
 * @example
 * const groups = await getCurrencies(client, { chainIds: [1], term: "usdc", limit: 5 })
 */
export async function getCurrencies(
  client: BaseClient,
  parameters: GetCurrenciesParameters = {},
  options: RequestOptions = {},
): Promise<GetCurrenciesReturnType> {
  validateClientRequest(client, "currencies", parameters);
  const body = await client.request({
    ...options,
    method: "POST",
    path: "/currencies/v1",
    body: parameters,
    idempotent: isIdempotent("POST /currencies/v1"),
  });
  return parseResponse({ endpoint: "currencies", body }) as GetCurrenciesReturnType;
}
