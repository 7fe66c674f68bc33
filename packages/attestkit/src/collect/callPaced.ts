import { AbortError, type AbortErrorType, RateLimitError } from "../client/errors/request.js";
import { isRetryableError } from "../client/utils/isRetryableError.js";
import type { PacerSleep, RequestPacer } from "./createRequestPacer.js";
import type { RequestSlots } from "./createRequestSlots.js";
import {
  CollectAttemptsExhaustedError,
  type CollectAttemptsExhaustedErrorType,
  CollectRetryAfterTooLongError,
  type CollectRetryAfterTooLongErrorType,
} from "./errors.js";

/** How a collection retries, shared by all its requests. */
export type CollectRetrySettings = {
  /** Attempts per request, the first included, from 1. */
  maxAttempts: number;
  /** Base of the exponential backoff after a failure without `Retry-After`, in ms. */
  baseDelayMs: number;
  /** Cap on one backoff wait, in ms. */
  maxDelayMs: number;
  /** The longest `Retry-After` honoured, in ms; a longer one ends the collection. */
  maxRetryAfterMs: number;
  /** The wait between attempts. */
  sleep: PacerSleep;
  /** Jitter source in [0, 1). */
  random: () => number;
};

/** What `onRetry` is told of a failed attempt that will be tried again. */
export type CollectRetry = {
  /** The request, as errors name it. */
  request: string;
  /** The attempt that failed, from 1. */
  attempt: number;
  error: unknown;
  /** The wait before the next attempt, in ms. */
  delayMs: number;
  /** A 429: the wait holds every request of the collection, not this one alone. */
  rateLimited: boolean;
};

export type CallPacedParameters<result> = CollectRetrySettings & {
  /** One attempt: a single HTTP request, with no retries of its own. */
  call: () => Promise<result>;
  /** The request, as errors name it (`GET /requests/v3`). */
  request: string;
  /** The collection's pacer: each attempt waits for a turn. */
  pacer: RequestPacer;
  /**
   * The collection's slots: each attempt holds one from before its turn until its answer is in,
   * and none while it waits to try again. Default: no bound.
   */
  slots?: RequestSlots | undefined;
  /** Ends the attempts and the waits between them. */
  signal?: AbortSignal | undefined;
  /** Called before each wait for another attempt. */
  onRetry?: ((retry: CollectRetry) => void) | undefined;
};

/** What `callPaced` throws besides the call's own errors that are not worth retrying. */
export type CallPacedErrorType =
  | CollectAttemptsExhaustedErrorType
  | CollectRetryAfterTooLongErrorType
  | AbortErrorType
  | Error;

/**
 * Runs one request of a collection: each attempt takes one of the slots and waits for the pacer's
 * turn (so retries count against the concurrency and the rate too), and a failure worth retrying
 * (`isRetryableError`: 429, 502, 503, 504, a dropped connection, a timeout) is tried again, up to
 * `maxAttempts` in all. A 429 pauses the whole pacer, for its `Retry-After` when it has one
 * (exactly; longer than `maxRetryAfterMs` ends with `CollectRetryAfterTooLongError`), else for an
 * exponential backoff with jitter: every request slows down, since the limit is the caller's, not
 * the request's. Any other failure waits its own backoff (equal jitter: between half and all of
 * `baseDelayMs * 2^(attempt - 1)`, capped by `maxDelayMs`), without a slot, and leaves the others
 * going. An abort is never retried.
 *
 * @param parameters - {@link CallPacedParameters}
 * @returns What the call returns.
 * @throws CollectAttemptsExhaustedError when the attempts run out, with the last error as its cause.
 * @example
 * const page = await callPaced({ call: () => getRequests(client, query, { retry: false }), request: "GET /requests/v3", pacer, ...settings })
 */
export async function callPaced<result>(parameters: CallPacedParameters<result>): Promise<result> {
  const { request, pacer, signal, onRetry, maxAttempts, maxRetryAfterMs, sleep } = parameters;
  for (let attempt = 1; ; attempt++) {
    const outcome = await attemptOnce(parameters);
    if (outcome.ok) return outcome.value;
    const { error } = outcome;
    if (error instanceof AbortError || signal?.aborted)
      throw new AbortError({ cause: signal?.reason ?? error });
    if (!isRetryableError({ error })) throw error;
    if (attempt >= maxAttempts)
      throw new CollectAttemptsExhaustedError({ request, attempts: attempt, cause: error });
    if (error instanceof RateLimitError) {
      const delayMs = error.retryAfterMs ?? backoff(parameters, attempt);
      if (delayMs > maxRetryAfterMs)
        throw new CollectRetryAfterTooLongError({
          request,
          retryAfterMs: delayMs,
          maxRetryAfterMs,
          cause: error,
        });
      onRetry?.({ request, attempt, error, delayMs, rateLimited: true });
      // The next attempt waits in the pacer's queue, behind the pause, like every other request.
      pacer.pause(delayMs);
    } else {
      const delayMs = backoff(parameters, attempt);
      onRetry?.({ request, attempt, error, delayMs, rateLimited: false });
      await sleep({ ms: delayMs, signal });
    }
  }
}

/** One attempt, in a slot and on the pacer's turn: its answer, or what it failed with. */
async function attemptOnce<result>({
  call,
  pacer,
  slots,
  signal,
}: CallPacedParameters<result>): Promise<{ ok: true; value: result } | { ok: false; error: unknown }> {
  await slots?.acquire();
  try {
    await pacer.take({ signal });
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, error };
  } finally {
    slots?.release();
  }
}

/** Equal jitter: between half and all of `baseDelayMs * 2^(attempt - 1)`, capped by `maxDelayMs`. */
function backoff({ baseDelayMs, maxDelayMs, random }: CollectRetrySettings, attempt: number): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
