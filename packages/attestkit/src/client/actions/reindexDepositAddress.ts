import type { InvalidRequestErrorType, InvalidResponseErrorType } from "../../schemas/errors.js";
import type { DepositAddressReindexRequest, DepositAddressReindexResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type ReindexDepositAddressParameters = DepositAddressReindexRequest;
export type ReindexDepositAddressReturnType = DepositAddressReindexResponse;
export type ReindexDepositAddressErrorType =
  | ClientErrorType
  | InvalidRequestErrorType
  | InvalidResponseErrorType;

/**
 * Asks the service to check a deposit address's balances again and withdraw what it holds
 * (`POST /transactions/deposit-address/reindex`, the official SDK's API types): for funds sent to a
 * deposit address that the service did not pick up. The service answers 404 for an address it did
 * not register on `chainId`, 403 when the caller may not reindex it, 429 when it was reindexed too
 * recently (each an `ApiError`, the 429 a `RateLimitError`).
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - `{ chainId, depositAddress }`: the chain the address was registered on and
 * the address; `targetChainId`, the chain the funds landed on when another; `currency`, one
 * currency's address (default: every depositable one); `sweep` is deprecated. {@link ReindexDepositAddressParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns `{ message, triggeredCurrencies, checkedCurrencies, failedCurrencies }`: each triggered
 * currency with the `balance` found, in its smallest unit. {@link ReindexDepositAddressReturnType}
 * @throws InvalidRequestError before sending; ApiError and the other client errors; InvalidResponseError. {@link ReindexDepositAddressErrorType}
 * @example
 * const { triggeredCurrencies } = await reindexDepositAddress(client, { chainId: 8453, depositAddress })
 */
export async function reindexDepositAddress(
  client: BaseClient,
  parameters: ReindexDepositAddressParameters,
  options: RequestOptions = {},
): Promise<ReindexDepositAddressReturnType> {
  validateClientRequest(client, "depositAddressReindex", parameters);
  const body = await client.request({
    ...options,
    method: "POST",
    path: "/transactions/deposit-address/reindex",
    body: parameters,
    idempotent: isIdempotent("POST /transactions/deposit-address/reindex"),
  });
  return parseResponse({ endpoint: "depositAddressReindex", body }) as ReindexDepositAddressReturnType;
}
