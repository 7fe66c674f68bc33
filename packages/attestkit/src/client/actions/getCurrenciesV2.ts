import type { InvalidRequestErrorType } from "../../schemas/errors.js";
import type { CurrenciesV2Request, CurrenciesV2Response } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type GetCurrenciesV2Parameters = CurrenciesV2Request;
export type GetCurrenciesV2ReturnType = CurrenciesV2Response;
export type GetCurrenciesV2ErrorType = ClientErrorType | InvalidRequestErrorType;

/**
 * Searches the service's currencies as one flat list (`POST /currencies/v2`; `getCurrencies` calls v1,
 * which groups them): the same filters, `limit` counting currencies (the service's default is 20).
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - Search filters, all optional. {@link GetCurrenciesV2Parameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns The currencies. {@link GetCurrenciesV2ReturnType}
 * @example
 * const currencies = await getCurrenciesV2(client, { chainIds: [8253038] })
 */
export async function getCurrenciesV2(
  client: BaseClient,
  parameters: GetCurrenciesV2Parameters = {},
  options: RequestOptions = {},
): Promise<GetCurrenciesV2ReturnType> {
  validateClientRequest(client, "currenciesV2", parameters);
  const body = await client.request({
    ...options,
    method: "POST",
    path: "/currencies/v2",
    body: parameters,
    idempotent: isIdempotent("POST /currencies/v2"),
  });
  return parseResponse({ endpoint: "currenciesV2", body }) as GetCurrenciesV2ReturnType;
}
