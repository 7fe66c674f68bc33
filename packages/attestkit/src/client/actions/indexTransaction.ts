import type { InvalidRequestErrorType } from "../../schemas/errors.js";
import type { TransactionsIndexRequest } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type IndexTransactionParameters = TransactionsIndexRequest;
/** The interface does not show the response body; whatever JSON came back, or undefined for none. */
export type IndexTransactionReturnType = unknown;
export type IndexTransactionErrorType = ClientErrorType | InvalidRequestErrorType;

/**
 * Asks the service to index a deposit it has not picked up (`POST /transactions/index`). For a
 * Bitcoin transaction not yet in a block the service answers 404 (an `ApiError` with status 404).
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - `{ chainId, txHash, requestId? }`. {@link IndexTransactionParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns The service's answer. {@link IndexTransactionReturnType}
 * @example
 * await indexTransaction(client, { chainId: 8453, txHash: receipt.transactionHash, requestId })
 */
export async function indexTransaction(
  client: BaseClient,
  parameters: IndexTransactionParameters,
  options: RequestOptions = {},
): Promise<IndexTransactionReturnType> {
  validateClientRequest(client, "transactionsIndex", parameters);
  const body = await client.request({
    ...options,
    method: "POST",
    path: "/transactions/index",
    body: parameters,
    idempotent: isIdempotent("POST /transactions/index"),
  });
  // The answer is not part of the interface; an empty body is a valid answer.
  if (body === undefined) return undefined;
  return parseResponse({ endpoint: "transactionsIndex", body });
}
