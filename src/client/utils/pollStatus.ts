import { AbortError, ApiError } from "../errors/request.js";
import { isRetryableError } from "./isRetryableError.js";
import { sleep } from "./sleep.js";

export type PollStatusParameters<response extends { status: string }> = {
  /** Reads the status once. `signal` aborts when the wait ends (the caller's abort or the timeout). */
  read: (options: { signal: AbortSignal }) => Promise<response>;
  /** True for a status that ends the wait (for example a final status). */
  isSettled: (status: string) => boolean;
  /** Time between reads, in ms. */
  intervalMs: number;
  /** The whole wait's limit, in ms; `Infinity` waits for ever. */
  timeoutMs: number;
  /** How long a `failure` must stand, with no later status, before it ends the wait. */
  failureGraceMs: number;
  /** Builds the error thrown when the wait times out, from the last response and read error seen. */
  timeoutError: (last: { response: response | undefined; error: unknown }) => Error;
  /** Called with the response each time the status changes (and for the first one seen). */
  onChange?: ((response: response) => void) | undefined;
  /** Aborts the wait at once, including a read in flight. */
  signal?: AbortSignal | undefined;
};

export type PollStatusReturnType<response> = {
  /** The response that ended the wait. */
  response: response;
  /** True when the wait ended on a `failure` that stood for the grace period, not on a settled status. */
  failureStood: boolean;
};

export type PollStatusErrorType = AbortError | Error;

/**
 * Reads a request's status until it settles: the one polling loop of the client, shared by
 * `waitForStatus` (until a final status) and `executeSteps` (until an item's check is done). A
 * `failure` ends the wait only once it has stood for `failureGraceMs` (the live service has moved
 * requests `pending -> failure -> pending -> refund`). Transient read failures (429, 5xx, network,
 * and 404 before the service knows the request) are waited out; any other error ends the wait; the
 * timeout aborts a read in flight and throws `timeoutError`; the caller's signal throws `AbortError`.
 *
 * @param parameters - {@link PollStatusParameters}
 * @returns The response that ended the wait. {@link PollStatusReturnType}
 * @example
 * const { response } = await pollStatus({
 *   read: ({ signal }) => getStatus(client, { requestId }, { signal }),
 *   isSettled: isFinalStatus, intervalMs: 1000, timeoutMs: 60_000, failureGraceMs: 15_000,
 *   timeoutError: () => new Error("timed out"),
 * })
 */
export async function pollStatus<response extends { status: string }>(
  parameters: PollStatusParameters<response>,
): Promise<PollStatusReturnType<response>> {
  const { read, isSettled, intervalMs, timeoutMs, failureGraceMs, timeoutError, onChange, signal } =
    parameters;
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

  let last: response | undefined;
  let lastError: unknown;
  let failureSince: number | undefined;
  const ended = (error: unknown): unknown => {
    if (signal?.aborted) return new AbortError({ cause: signal.reason });
    if (timedOut) return timeoutError({ response: last, error: lastError });
    return error;
  };

  try {
    for (;;) {
      let current: response | undefined;
      try {
        current = await read({ signal: controller.signal });
        lastError = undefined;
      } catch (error) {
        if (controller.signal.aborted) throw ended(error);
        // A request the service has not indexed yet can answer 404; it is waited out like an outage.
        if (!(isRetryableError({ error }) || (error instanceof ApiError && error.status === 404)))
          throw error;
        lastError = error;
      }

      if (current) {
        if (current.status !== last?.status) onChange?.(current);
        last = current;
        if (isSettled(current.status)) return { response: current, failureStood: false };
        if (current.status === "failure") {
          failureSince ??= Date.now();
          if (Date.now() - failureSince >= failureGraceMs) return { response: current, failureStood: true };
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
