import type { InvalidRequestError } from "../../schemas/errors.js";
import type { StatusResponse } from "../../schemas/index.js";
import { validateRequest } from "../../schemas/index.js";
import { isFinalStatus } from "../../schemas/statuses.js";
import type { BaseClient } from "../createBaseClient.js";
import { AbortError, ApiError, type ClientErrorType } from "../errors/request.js";
import { WaitForStatusTimeoutError } from "../errors/status.js";
import { isRetryableError } from "../utils/isRetryableError.js";
import { sleep } from "../utils/sleep.js";
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
  if (signal?.aborted) throw new AbortError({ cause: signal.reason });

  const start = Date.now();
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  // setTimeout takes at most 2^31 - 1 ms; longer (or infinite) waits need no timer.
  const timer =
    timeoutMs < 2 ** 31
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;

  let last: StatusResponse | undefined;
  let lastError: unknown;
  let failureSince: number | undefined;
  const ended = (error: unknown): unknown => {
    if (signal?.aborted) return new AbortError({ cause: signal.reason });
    if (timedOut) return new WaitForStatusTimeoutError({ requestId, timeoutMs, lastStatus: last, lastError });
    return error;
  };

  try {
    for (;;) {
      let current: StatusResponse | undefined;
      try {
        current = await getStatus(client, { requestId }, { signal: controller.signal });
        lastError = undefined;
      } catch (error) {
        if (controller.signal.aborted) throw ended(error);
        // A request the service has not indexed yet can answer 404; keep waiting like for outages.
        if (!(isRetryableError({ error }) || (error instanceof ApiError && error.status === 404)))
          throw error;
        lastError = error;
      }

      if (current) {
        if (current.status !== last?.status) onUpdate?.(current);
        last = current;
        if (isFinalStatus(current.status)) return current;
        if (current.status === "failure") {
          failureSince ??= Date.now();
          if (Date.now() - failureSince >= failureGraceMs) return current;
        } else failureSince = undefined;
      }

      let wait = intervalMs;
      if (failureSince !== undefined)
        wait = Math.min(wait, Math.max(0, failureSince + failureGraceMs - Date.now()));
      try {
        await sleep({
          ms: Math.min(wait, Math.max(0, start + timeoutMs - Date.now())),
          signal: controller.signal,
        });
      } catch (error) {
        throw ended(error);
      }
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}
