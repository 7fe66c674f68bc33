import type { InvalidRequestError } from "../../schemas/errors.js";
import type { StatusResponse } from "../../schemas/index.js";
import { validateRequest } from "../../schemas/index.js";
import { isFinalStatus, isKnownStatus, requestStatuses } from "../../schemas/statuses.js";
import type { BaseClient } from "../createBaseClient.js";
import { InvalidOptionError } from "../errors/config.js";
import type { AbortError, ClientErrorType } from "../errors/request.js";
import { RequestNotFoundError, UnknownStatusError, WaitForStatusTimeoutError } from "../errors/status.js";
import { checkDuration } from "../utils/checkDuration.js";
import { pollStatus } from "../utils/pollStatus.js";
import { getStatus } from "./getStatus.js";

/** The default limit of a whole `waitForStatus`: 30 minutes. */
export const defaultWaitTimeoutMs = 30 * 60_000;
/** The default time a request may stay unknown (404) before `waitForStatus` gives up: 1 minute. */
export const defaultNotFoundWindowMs = 60_000;

export type WaitForStatusParameters = {
  /** The request id from the quote's steps. */
  requestId: string;
  /** Time between polls, in ms. Default 1000 (the interface's recommendation). */
  intervalMs?: number | undefined;
  /**
   * Give up after this many ms with a `WaitForStatusTimeoutError`. Default 30 minutes
   * ({@link defaultWaitTimeoutMs}): an EVM route settles in seconds, a Bitcoin deposit needs a block
   * confirmation (about 10 minutes, sometimes far more) before the fill. `Infinity` waits for ever.
   */
  timeoutMs?: number | undefined;
  /**
   * `failure` is not always final (`pending -> failure -> pending -> refund` happens): it is only
   * returned once it has stood this many ms with no later status. Default 15 000.
   */
  failureGraceMs?: number | undefined;
  /**
   * How long the service may answer 404 (it does not know the request yet: a deposit is indexed within
   * seconds) before the wait ends with a `RequestNotFoundError`. Default 60 000
   * ({@link defaultNotFoundWindowMs}).
   */
  notFoundWindowMs?: number | undefined;
  /** Called with the status response each time the status changes (and for the first one seen). */
  onUpdate?: ((status: StatusResponse) => void) | undefined;
  /** Aborts the wait at once, including a poll in flight. */
  signal?: AbortSignal | undefined;
};

export type WaitForStatusReturnType = StatusResponse;
export type WaitForStatusErrorType =
  | WaitForStatusTimeoutError
  | RequestNotFoundError
  | UnknownStatusError
  | InvalidOptionError
  | AbortError
  | ClientErrorType
  | InvalidRequestError;

/**
 * Polls a request's status until it is final: resolves on `success`, `refund` or `fallback`, and on
 * `failure` once it has stood for `failureGraceMs`. Failed polls that can pass (every 5xx, 429, network
 * errors, timeouts, a body that is not a status) are retried with backoff and counted; 404 for
 * `notFoundWindowMs` is a `RequestNotFoundError`; a status this client does not know is an
 * `UnknownStatusError` at once; after `timeoutMs` (default 30 minutes) a `WaitForStatusTimeoutError`
 * says the last status and how many polls failed.
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
    timeoutMs = defaultWaitTimeoutMs,
    failureGraceMs = 15_000,
    notFoundWindowMs = defaultNotFoundWindowMs,
    onUpdate,
    signal,
  } = parameters;
  validateRequest({ endpoint: "status", body: { requestId } });
  const options: [string, unknown, { min: number; allowInfinity?: boolean }][] = [
    ["intervalMs", intervalMs, { min: 1 }],
    ["timeoutMs", timeoutMs, { min: 1, allowInfinity: true }],
    ["failureGraceMs", failureGraceMs, { min: 0 }],
    ["notFoundWindowMs", notFoundWindowMs, { min: 0 }],
  ];
  for (const [option, value, bounds] of options) {
    const reason = checkDuration({ value, ...bounds });
    if (reason) throw new InvalidOptionError({ option: `waitForStatus.${option}`, value, reason });
  }
  const { response } = await pollStatus({
    // One attempt per poll: the loop retries, with its own backoff and count.
    read: ({ signal }) => getStatus(client, { requestId }, { signal, retry: false }),
    isSettled: isFinalStatus,
    isKnown: isKnownStatus,
    intervalMs,
    timeoutMs,
    failureGraceMs,
    notFoundWindowMs,
    timeoutError: ({ response: lastStatus, error: lastError, transientFailures }) =>
      new WaitForStatusTimeoutError({ requestId, timeoutMs, lastStatus, lastError, transientFailures }),
    notFoundError: ({ reads }) =>
      new RequestNotFoundError({
        requestId,
        endpoint: "/intents/status/v3",
        windowMs: notFoundWindowMs,
        reads,
      }),
    unknownStatusError: (statusResponse) =>
      new UnknownStatusError({
        requestId,
        status: statusResponse.status,
        statusResponse,
        knownStatuses: requestStatuses,
      }),
    onChange: onUpdate,
    signal,
  });
  return response;
}
