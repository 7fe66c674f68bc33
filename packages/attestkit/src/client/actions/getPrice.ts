import type { InvalidRequestErrorType } from "../../schemas/errors.js";
import type { PriceRequest, PriceResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type GetPriceParameters = PriceRequest;
export type GetPriceReturnType = PriceResponse;
export type GetPriceErrorType = ClientErrorType | InvalidRequestErrorType;

/**
 * Asks for an indicative price without steps (`POST /price`). The body is checked against the
 * interface's rules before anything is sent; the client's `referrer` fills in a missing one.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - The intent. {@link GetPriceParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns Fees and details. {@link GetPriceReturnType}
 * @example
 * const price = await getPrice(client, {
 *   user, originChainId: 1, destinationChainId: 8453, originCurrency: zeroAddress,
 *   destinationCurrency: zeroAddress, amount: "1000000000000000", tradeType: "EXACT_INPUT",
 * })
 */
export async function getPrice(
  client: BaseClient,
  parameters: GetPriceParameters,
  options: RequestOptions = {},
): Promise<GetPriceReturnType> {
  const request =
    client.referrer !== undefined && parameters.referrer === undefined
      ? { ...parameters, referrer: client.referrer }
      : parameters;
  validateClientRequest(client, "price", request);
  const body = await client.request({
    ...options,
    method: "POST",
    path: "/price",
    body: request,
    idempotent: isIdempotent("POST /price"),
  });
  return parseResponse({ endpoint: "price", body }) as GetPriceReturnType;
}
