import type { InvalidRequestErrorType } from "../../schemas/errors.js";
import type { StatusRequest, StatusResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type GetStatusParameters = StatusRequest;
export type GetStatusReturnType = StatusResponse;
export type GetStatusErrorType = ClientErrorType | InvalidRequestErrorType;

/**
 * Reads the status of a request (`GET /intents/status/v3?requestId=`).
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - `{ requestId }` from the quote's steps, and optionally the `referrer` (the
 *   integrator's name, as the official SDK sends it). {@link GetStatusParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns The status with origin and destination hashes. {@link GetStatusReturnType}
 * @example
 * const { status } = await getStatus(client, { requestId: quote.steps[0].requestId })
 */
export async function getStatus(
  client: BaseClient,
  parameters: GetStatusParameters,
  options: RequestOptions = {},
): Promise<GetStatusReturnType> {
  validateClientRequest(client, "status", parameters);
  const body = await client.request({
    ...options,
    method: "GET",
    path: "/intents/status/v3",
    query: { requestId: parameters.requestId, referrer: parameters.referrer },
    idempotent: isIdempotent("GET /intents/status/v3"),
  });
  return parseResponse({ endpoint: "status", body }) as GetStatusReturnType;
}
