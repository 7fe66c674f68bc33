import type { InvalidRequestErrorType, InvalidResponseErrorType } from "../../schemas/errors.js";
import type { ChainLiquidityRequest, ChainLiquidityResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type GetChainLiquidityParameters = ChainLiquidityRequest;
export type GetChainLiquidityReturnType = ChainLiquidityResponse;
export type GetChainLiquidityErrorType = ClientErrorType | InvalidRequestErrorType | InvalidResponseErrorType;

/**
 * Lists what the solver holds of each currency on a chain (`GET /chains/liquidity`, the official
 * SDK's API types): the most it can fill there in one go.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - `{ chainId }`, a number or decimal digits. {@link GetChainLiquidityParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns `{ liquidity }`: per currency its `chainId`, `currencyId`, `symbol`, `address`, `decimals`,
 * `balance` (smallest unit, e.g. wei) and `amountUsd` (a decimal string). {@link GetChainLiquidityReturnType}
 * @throws InvalidRequestError before sending; ApiError and the other client errors; InvalidResponseError
 * for a body without the `liquidity` list. {@link GetChainLiquidityErrorType}
 * @example
 * const { liquidity } = await getChainLiquidity(client, { chainId: 8453 })
 */
export async function getChainLiquidity(
  client: BaseClient,
  parameters: GetChainLiquidityParameters,
  options: RequestOptions = {},
): Promise<GetChainLiquidityReturnType> {
  validateClientRequest(client, "chainLiquidity", parameters);
  const body = await client.request({
    ...options,
    method: "GET",
    path: "/chains/liquidity",
    query: parameters,
    idempotent: isIdempotent("GET /chains/liquidity"),
  });
  return parseResponse({ endpoint: "chainLiquidity", body }) as GetChainLiquidityReturnType;
}
