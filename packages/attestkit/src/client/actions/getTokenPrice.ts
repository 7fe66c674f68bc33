import type { InvalidRequestErrorType, InvalidResponseErrorType } from "../../schemas/errors.js";
import type { TokenPriceRequest, TokenPriceResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type GetTokenPriceParameters = TokenPriceRequest;
export type GetTokenPriceReturnType = TokenPriceResponse;
export type GetTokenPriceErrorType = ClientErrorType | InvalidRequestErrorType | InvalidResponseErrorType;

/**
 * Reads a token's USD price (`GET /currencies/token/price`, the official SDK's API types): USD per
 * whole unit of the token at `address` on `chainId`. A token the service cannot price is a 400
 * `ApiError`.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - `{ address, chainId }` (the native currency's address for the native one).
 * {@link GetTokenPriceParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns `{ price }`, USD. {@link GetTokenPriceReturnType}
 * @throws InvalidRequestError before sending; ApiError and the other client errors; InvalidResponseError
 * for a body without `price`. {@link GetTokenPriceErrorType}
 * @example
 * const { price } = await getTokenPrice(client, { chainId: 8453, address: usdc })
 */
export async function getTokenPrice(
  client: BaseClient,
  parameters: GetTokenPriceParameters,
  options: RequestOptions = {},
): Promise<GetTokenPriceReturnType> {
  validateClientRequest(client, "tokenPrice", parameters);
  const body = await client.request({
    ...options,
    method: "GET",
    path: "/currencies/token/price",
    query: parameters,
    idempotent: isIdempotent("GET /currencies/token/price"),
  });
  return parseResponse({ endpoint: "tokenPrice", body }) as GetTokenPriceReturnType;
}
