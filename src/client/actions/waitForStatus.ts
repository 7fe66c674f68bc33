import type { InvalidRequestError } from "../../schemas/errors.js";
import type { StatusResponse } from "../../schemas/index.js";
import { validateRequest } from "../../schemas/index.js";
import { isFinalStatus } from "../../schemas/statuses.js";
import type { BaseClient } from "../createBaseClient.js";
import type { AbortError, ClientErrorType } from "../errors/request.js";
import { WaitForStatusTimeoutError } from "../errors/status.js";
import { pollStatus } from "../utils/pollStatus.js";
import { getStatus } from "./getStatus.js";

export type WaitForStatusParameters = {
  /** The request id from the quote's steps. */
  requestId: string;
  /** Time between polls, in ms. Default 1000 (the interface's recommendation). */
  intervalMs?: number | undefined;
  /** Give up after this many ms with a `WaitForStatusTimeoutError`. Default 30 minutes; `Infinity` waits for ever. */
  timeoutMs?: number | undefined;
  /**
   * `failure` is not always final (`pending -> failure -> pending -> refund` happens): it is only
   * returned once it has stood this many ms with no later status. Default 15 000.
   */
  failureGraceMs?: number | undefined;
  /** Called with the status response each time the status changes (and for the first one seen). */
  onUpdate?: ((status: StatusResponse) => void) | undefined;
  /** Aborts the wait at once, including a poll in flight. */
  signal?: AbortSignal | undefined;
};

export type WaitForStatusReturnType = StatusResponse;
export type WaitForStatusErrorType =
  | WaitForStatusTimeoutError
  | AbortError
  | ClientErrorType
  | InvalidRequestError;

/**
 * Polls a request's status until it is final: resolves on `success`, `refund` or `fallback`, and on
 * `failure` once it has stood for `failureGraceMs`. Transient poll failures (429, 5xx, network,
 * 404 before the service knows the request) do not end the wait; the timeout does.
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - {@link WaitForStatusParameters}
 * @returns The final status response. {@link WaitForStatusReturnType}
 * @example
 * const final = await waitForStatus(client, { requestId, onUpdate: (s) => console.log(s.status) })
 * if (final.status !== "success") console.log(final.failReason)
 */
export async function waitForStatus(
  client: BaseClient,
  parameters: WaitForStatusParameters,
): Promise<WaitForStatusReturnType> {
  const {
    requestId,
    intervalMs = 1000,
    timeoutMs = 30 * 60_000,
    failureGraceMs = 15_000,
    onUpdate,
    signal,
  } = parameters;
  validateRequest({ endpoint: "status", body: { requestId } });
  const { response } = await pollStatus({
    read: ({ signal }) => getStatus(client, { requestId }, { signal }),
    isSettled: isFinalStatus,
    intervalMs,
    timeoutMs,
    failureGraceMs,
    timeoutError: ({ response: lastStatus, error: lastError }) =>
      new WaitForStatusTimeoutError({ requestId, timeoutMs, lastStatus, lastError }),
    onChange: onUpdate,
    signal,
  });
  return response;
}
