import type { InvalidRequestErrorType, InvalidResponseErrorType } from "../../schemas/errors.js";
import type { ExecutePermitRequest, ExecutePermitResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type SubmitPermitParameters = ExecutePermitRequest;
export type SubmitPermitReturnType = ExecutePermitResponse;
export type SubmitPermitErrorType = ClientErrorType | InvalidRequestErrorType | InvalidResponseErrorType;

/**
 * Submits the signature of a quote's permit step (`POST /execute/permits?signature=`, the official
 * SDK's API types): the service sends the permit on chain for the user, who sends no transaction.
 * `executeSteps` does this for a quote's steps; this is the call on its own. Non-idempotent: not
 * re-sent after an ambiguous failure unless `retry.retryAmbiguous`.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - `signature` (hex, sent in the query), and what the step's `post.body` gives:
 * `kind` (such as `eip3009`), `requestId` (0x and 64 hex digits), `api` (`bridge`, `swap` or
 * `user-swap`). {@link SubmitPermitParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns `{ message, steps? }`: steps left to do, if any. {@link SubmitPermitReturnType}
 * @throws InvalidRequestError before sending; ApiError (400 for a refused permit, 404 for an unknown
 * request) and the other client errors; InvalidResponseError. {@link SubmitPermitErrorType}
 * @example
 * await submitPermit(client, { signature, kind: "eip3009", requestId, api: "bridge" })
 */
export async function submitPermit(
  client: BaseClient,
  parameters: SubmitPermitParameters,
  options: RequestOptions = {},
): Promise<SubmitPermitReturnType> {
  const { signature, ...permit } = validateClientRequest(client, "executePermit", parameters);
  const body = await client.request({
    ...options,
    method: "POST",
    path: "/execute/permits",
    query: { signature },
    body: permit,
    idempotent: isIdempotent("POST /execute/permits"),
  });
  return parseResponse({ endpoint: "executePermit", body }) as SubmitPermitReturnType;
}
