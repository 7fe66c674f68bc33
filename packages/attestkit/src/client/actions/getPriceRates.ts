import type { InvalidResponseErrorType } from "../../schemas/errors.js";
import type { PriceRatesResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";

export type GetPriceRatesReturnType = PriceRatesResponse;
export type GetPriceRatesErrorType = ClientErrorType | InvalidResponseErrorType;

/**
 * Reads the service's USD rates of its main currencies (`GET /prices/rates`, the official SDK's API
 * types): USD per whole unit, keyed by symbol (`ETH`, `USDC`, ...). The endpoint takes no parameters.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns The rates by symbol; a symbol the types do not list is kept. {@link GetPriceRatesReturnType}
 * @throws ApiError and the other client errors; InvalidResponseError for a body that is not an object
 * of numbers. {@link GetPriceRatesErrorType}
 * @example
 * const { ETH } = await getPriceRates(client)
 */
export async function getPriceRates(
  client: BaseClient,
  options: RequestOptions = {},
): Promise<GetPriceRatesReturnType> {
  const body = await client.request({
    ...options,
    method: "GET",
    path: "/prices/rates",
    idempotent: isIdempotent("GET /prices/rates"),
  });
  return parseResponse({ endpoint: "priceRates", body }) as GetPriceRatesReturnType;
}
