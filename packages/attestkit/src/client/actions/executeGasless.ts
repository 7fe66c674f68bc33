import type { InvalidRequestErrorType, InvalidResponseErrorType } from "../../schemas/errors.js";
import type { ExecuteRequest, ExecuteResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/index.js";
import type { BaseClient, RequestOptions } from "../createBaseClient.js";
import type { ClientErrorType } from "../errors/request.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { validateClientRequest } from "../validateClientRequest.js";

export type ExecuteGaslessParameters = ExecuteRequest;
export type ExecuteGaslessReturnType = ExecuteResponse;
export type ExecuteGaslessErrorType = ClientErrorType | InvalidRequestErrorType | InvalidResponseErrorType;

/**
 * Has the service's relayer send a call for the user, gas paid by the service (`POST /execute`, the
 * official SDK's API types): `executionKind` `rawCalls`, one call (`data`: `chainId`, `to`, `data`,
 * `value` in wei, an optional non-empty EIP-7702 `authorizationList`), and `executionOptions`
 * (`referrer`, `subsidizeFees`, optional destination calls). The service needs an API key (the
 * client's `apiKey`; 401 without one). Non-idempotent: it is not re-sent after an ambiguous failure
 * unless `retry.retryAmbiguous`, so the calls are not executed twice. Simulation failures are 400
 * `ApiError`s whose body carries `error` and, for a delegation, the decoded revert.
 *
 * @param client - A client from `createClient` or `createBaseClient`, with an `apiKey`.
 * @param parameters - The execution. {@link ExecuteGaslessParameters}
 * @param options - Per-call signal, timeout and retry. {@link RequestOptions}
 * @returns `{ message, requestId }`: follow the request with `waitForStatus`. {@link ExecuteGaslessReturnType}
 * @throws InvalidRequestError before sending; ApiError and the other client errors; InvalidResponseError. {@link ExecuteGaslessErrorType}
 * @example
 * const { requestId } = await executeGasless(client, {
 *   executionKind: "rawCalls",
 *   data: { chainId: 8453, to, data, value: "0" },
 *   executionOptions: { referrer: "my-app", subsidizeFees: true },
 * })
 */
export async function executeGasless(
  client: BaseClient,
  parameters: ExecuteGaslessParameters,
  options: RequestOptions = {},
): Promise<ExecuteGaslessReturnType> {
  validateClientRequest(client, "execute", parameters);
  const body = await client.request({
    ...options,
    method: "POST",
    path: "/execute",
    body: parameters,
    idempotent: isIdempotent("POST /execute"),
  });
  return parseResponse({ endpoint: "execute", body }) as ExecuteGaslessReturnType;
}
