import { InvalidResponseError } from "../../schemas/errors.js";
import { AbortError, ApiError, InvalidJsonError } from "../errors/request.js";
import { isRetryableError } from "./isRetryableError.js";
import { sleep } from "./sleep.js";

export type PollStatusParameters<response extends { status: string }> = {
  /**
   * Reads the status once, in ONE attempt (`retry: false`): this loop is the one that retries, so its
   * backoff and its count see every failure. `signal` aborts when the wait ends.
   */
  read: (options: { signal: AbortSignal }) => Promise<response>;
  /** True for a status that ends the wait (for example a final status). */
  isSettled: (status: string) => boolean;
  /** True for a status the caller knows; any other ends the wait at once with `unknownStatusError`. */
  isKnown: (status: string) => boolean;
  /** Time between reads, in ms. */
  intervalMs: number;
  /** The whole wait's limit, in ms; `Infinity` waits for ever. */
  timeoutMs: number;
  /** How long a `failure` must stand, with no later status, before it ends the wait. */
  failureGraceMs: number;
  /**
   * How long the service may answer 404 (it does not know the request) before the wait ends with
   * `notFoundError`, in ms. The window restarts whenever a status is read.
   */
  notFoundWindowMs: number;
  /** Longest wait between reads after transient failures (the backoff's cap), in ms. Default 30 000. */
  maxBackoffMs?: number | undefined;
  /** Builds the error thrown when the wait times out. */
  timeoutError: (last: PollStatusFailures<response>) => Error;
  /** Builds the error thrown when the request stayed unknown (404) for `notFoundWindowMs`. */
  notFoundError: (last: PollStatusFailures<response>) => Error;
  /** Builds the error thrown at once for a status `isKnown` refuses. */
  unknownStatusError: (response: response) => Error;
  /** Called with the response each time the status changes (and for the first one seen). */
  onChange?: ((response: response) => void) | undefined;
  /** Aborts the wait at once, including a read in flight. */
  signal?: AbortSignal | undefined;
};

/** What the loop saw before it gave up: given to the error builders. */
export type PollStatusFailures<response> = {
  /** The last response read, or undefined when none was. */
  response: response | undefined;
  /** The error of the last read when it failed, else undefined. */
  error: unknown;
  /** Reads that failed transiently (5xx, 429, network, timeout, malformed answer, 404) during the wait. */
  transientFailures: number;
  /** Reads made. */
  reads: number;
};

export type PollStatusReturnType<response> = {
  /** The response that ended the wait. */
  response: response;
  /** True when the wait ended on a `failure` that stood for the grace period, not on a settled status. */
  failureStood: boolean;
  /** Reads that failed transiently and were retried. */
  transientFailures: number;
};

export type PollStatusErrorType = AbortError | Error;

export type IsTransientReadErrorParameters = {
  /** The error a status read failed with. */
  error: unknown;
};

/**
 * Tells whether a failed status read is waited out by the polling loop: every 5xx (a read changes
 * nothing, so even a 500 is safe to repeat), 429, a network failure, a timeout, a body that is not
 * JSON or not a status (a proxy's page, a half-deployed service), and 404 (judged by the not-found
 * window). Other 4xx (401, 400) end the wait.
 *
 * @param parameters - {@link IsTransientReadErrorParameters}
 * @returns True when the next read may succeed.
 * @example
 * isTransientReadError({ error: new InvalidJsonError({ ... }) }) // true
 */
export function isTransientReadError({ error }: IsTransientReadErrorParameters): boolean {
  if (isRetryableError({ error })) return true;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 404;
  return error instanceof InvalidJsonError || error instanceof InvalidResponseError;
}

/**
 * Reads a request's status until it settles: the one polling loop of the client, shared by
 * `waitForStatus` (until a final status) and `executeSteps` (until an item's check is done).
 *
 * - A `failure` ends the wait only once it has stood for `failureGraceMs` (the live service has moved
 *   requests `pending -> failure -> pending -> refund`).
 * - Transient read failures ({@link isTransientReadError}) are retried with exponential backoff from
 *   `intervalMs` up to `maxBackoffMs` (or the `Retry-After` the service sent), and counted.
 * - 404 for `notFoundWindowMs` with no status read in between ends with `notFoundError`.
 * - A status `isKnown` refuses ends at once with `unknownStatusError`; any other error at once too.
 * - The timeout aborts a read in flight and throws `timeoutError`; the caller's signal `AbortError`.
 *
 * @param parameters - {@link PollStatusParameters}
 * @returns The response that ended the wait. {@link PollStatusReturnType}
 * @example
 * const { response } = await pollStatus({
 *   read: ({ signal }) => getStatus(client, { requestId }, { signal, retry: false }),
 *   isSettled: isFinalStatus, isKnown: isKnownStatus, intervalMs: 1000, timeoutMs: 60_000,
 *   failureGraceMs: 15_000, notFoundWindowMs: 60_000,
 *   timeoutError: () => new Error("timed out"), notFoundError: () => new Error("unknown request"),
 *   unknownStatusError: ({ status }) => new Error(`unknown status ${status}`),
 * })
 */
export async function pollStatus<response extends { status: string }>(
  parameters: PollStatusParameters<response>,
): Promise<PollStatusReturnType<response>> {
  const {
    read,
    isSettled,
    isKnown,
    intervalMs,
    timeoutMs,
    failureGraceMs,
    notFoundWindowMs,
    maxBackoffMs = 30_000,
    timeoutError,
    notFoundError,
    unknownStatusError,
    onChange,
    signal,
  } = parameters;
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
  let notFoundSince: number | undefined;
  let transientFailures = 0;
  let failuresInARow = 0;
  let reads = 0;
  const failures = (): PollStatusFailures<response> => ({
    response: last,
    error: lastError,
    transientFailures,
    reads,
  });
  const ended = (error: unknown): unknown => {
    if (signal?.aborted) return new AbortError({ cause: signal.reason });
    if (timedOut) return timeoutError(failures());
    return error;
  };

  try {
    for (;;) {
      let current: response | undefined;
      reads++;
      try {
        current = await read({ signal: controller.signal });
        lastError = undefined;
        failuresInARow = 0;
        notFoundSince = undefined;
      } catch (error) {
        if (controller.signal.aborted) throw ended(error);
        if (!isTransientReadError({ error })) throw error;
        lastError = error;
        transientFailures++;
        failuresInARow++;
        if (error instanceof ApiError && error.status === 404) {
          notFoundSince ??= Date.now();
          if (Date.now() - notFoundSince >= notFoundWindowMs) throw notFoundError(failures());
        }
      }

      if (current) {
        if (!isKnown(current.status)) {
          last = current;
          throw unknownStatusError(current);
        }
        if (current.status !== last?.status) onChange?.(current);
        last = current;
        if (isSettled(current.status)) return { response: current, failureStood: false, transientFailures };
        if (current.status === "failure") {
          failureSince ??= Date.now();
          if (Date.now() - failureSince >= failureGraceMs)
            return { response: current, failureStood: true, transientFailures };
        } else failureSince = undefined;
      }

      let wait = intervalMs;
      if (failuresInARow > 0) {
        // Exponential backoff after failures; the service's Retry-After wins when it asks for more.
        wait = Math.min(
          Math.max(intervalMs, maxBackoffMs),
          intervalMs * 2 ** Math.min(failuresInARow - 1, 30),
        );
        const retryAfterMs = lastError instanceof ApiError ? lastError.retryAfterMs : undefined;
        if (retryAfterMs !== undefined) wait = Math.max(wait, retryAfterMs);
      }
      if (failureSince !== undefined)
        wait = Math.min(wait, Math.max(0, failureSince + failureGraceMs - Date.now()));
      if (notFoundSince !== undefined)
        wait = Math.min(wait, Math.max(0, notFoundSince + notFoundWindowMs - Date.now()));
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
