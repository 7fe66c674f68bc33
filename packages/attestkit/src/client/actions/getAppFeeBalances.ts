import type { InvalidRequestErrorType, InvalidResponseErrorType } from "../../schemas/errors.js";
import type { AppFeeBalancesRequest, AppFeeBalancesResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type GetAppFeeBalancesParameters = AppFeeBalancesRequest;
export type GetAppFeeBalancesReturnType = AppFeeBalancesResponse;
export type GetAppFeeBalancesErrorType = ClientErrorType | InvalidRequestErrorType | InvalidResponseErrorType;

/**
 * Reads the app fees a wallet has earned and may claim (`GET /app-fees/{wallet}/balances`, the
 * official SDK's API types). A wallet the service does not take is a 400 `ApiError`.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - `{ wallet }`, the app fee recipient (one path segment). {@link GetAppFeeBalancesParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns `{ balances, totalBalanceUsd?, outstandingFastFillBalanceUsd?, availableBalanceUsd? }`: each
 * balance an Amount (`currency`, `amount` in the smallest unit, `amountFormatted`, `amountUsd`,
 * `minimumAmount`); the USD totals as numbers. {@link GetAppFeeBalancesReturnType}
 * @throws InvalidRequestError before sending; ApiError and the other client errors; InvalidResponseError
 * for a body without the `balances` list. {@link GetAppFeeBalancesErrorType}
 * @example
 * const { balances } = await getAppFeeBalances(client, { wallet: app.address })
 */
export async function getAppFeeBalances(
  client: BaseClient,
  parameters: GetAppFeeBalancesParameters,
  options: RequestOptions = {},
): Promise<GetAppFeeBalancesReturnType> {
  const { wallet } = validateClientRequest(client, "appFeeBalances", parameters);
  const body = await client.request({
    ...options,
    method: "GET",
    path: `/app-fees/${encodeURIComponent(wallet)}/balances`,
    idempotent: isIdempotent("GET /app-fees/{wallet}/balances"),
  });
  return parseResponse({ endpoint: "appFeeBalances", body }) as GetAppFeeBalancesReturnType;
}
