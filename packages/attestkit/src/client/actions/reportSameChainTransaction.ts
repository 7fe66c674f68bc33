import type { InvalidRequestErrorType } from "../../schemas/errors.js";
import type { TransactionsSingleRequest, TransactionsSingleResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type ReportSameChainTransactionParameters = TransactionsSingleRequest;
export type ReportSameChainTransactionReturnType = TransactionsSingleResponse | undefined;
export type ReportSameChainTransactionErrorType = ClientErrorType | InvalidRequestErrorType;

/**
 * Reports a transaction of a same-chain request the caller executes itself (a quote without an
 * order: the steps are the caller's own swap, wrap or transfer) to `POST /transactions/single`, as
 * the official SDK does after each such transaction: the service has no deposit to index, and learns
 * of the request's transaction this way. `tx` is the step item's data as JSON with `txHash` added.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - `{ requestId, chainId, tx, referrer? }`. {@link ReportSameChainTransactionParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns The service's answer (`{message}`), or undefined for an empty body.
 * @example
 * await reportSameChainTransaction(client, {
 *   requestId,
 *   chainId: "8453",
 *   tx: JSON.stringify({ ...item.data, txHash }),
 * })
 */
export async function reportSameChainTransaction(
  client: BaseClient,
  parameters: ReportSameChainTransactionParameters,
  options: RequestOptions = {},
): Promise<ReportSameChainTransactionReturnType> {
  validateClientRequest(client, "transactionsSingle", parameters);
  const body = await client.request({
    ...options,
    method: "POST",
    path: "/transactions/single",
    body: parameters,
    idempotent: isIdempotent("POST /transactions/single"),
  });
  if (body === undefined) return undefined;
  return parseResponse({ endpoint: "transactionsSingle", body });
}
