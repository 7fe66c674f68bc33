import type { InvalidRequestErrorType, InvalidResponseErrorType } from "../../schemas/errors.js";
import type { DepositAddressRequest, DepositAddressResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type GetDepositAddressParameters = DepositAddressRequest;
export type GetDepositAddressReturnType = DepositAddressResponse;
export type GetDepositAddressErrorType = ClientErrorType | InvalidRequestErrorType | InvalidResponseErrorType;

/**
 * Looks up a deposit address (`GET /deposit-addresses/v1`, the official SDK's API types): by the
 * address, or by the request id it was made for — exactly one of the two (both or neither is an
 * `InvalidRequestError`, rule `oneOf:address|requestId`, nothing sent). The service answers 404 (an
 * `ApiError`) for an address it never made, and may answer 401 without the client's `apiKey`.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - `{ address }` or `{ requestId }` (0x and 64 hex digits). {@link GetDepositAddressParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns `{ depositAddress, type, requestId, chainId, createdAt, currency?, refundTo? }`: `type` is
 * `open` or `strict` (another value is kept as given), `chainId` the chain the address was made on,
 * `createdAt` an ISO 8601 time, `currency` the origin currency id of the quote. {@link GetDepositAddressReturnType}
 * @throws InvalidRequestError before sending; ApiError and the other client errors; InvalidResponseError
 * for a body without the address, its request id or its chain. {@link GetDepositAddressErrorType}
 * @example
 * const { depositAddress, type } = await getDepositAddress(client, { requestId })
 */
export async function getDepositAddress(
  client: BaseClient,
  parameters: GetDepositAddressParameters,
  options: RequestOptions = {},
): Promise<GetDepositAddressReturnType> {
  validateClientRequest(client, "depositAddress", parameters);
  const body = await client.request({
    ...options,
    method: "GET",
    path: "/deposit-addresses/v1",
    query: parameters,
    idempotent: isIdempotent("GET /deposit-addresses/v1"),
  });
  return parseResponse({ endpoint: "depositAddress", body }) as GetDepositAddressReturnType;
}
