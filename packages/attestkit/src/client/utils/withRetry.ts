import { AbortError, type AbortErrorType } from "../errors/request.js";
import { isRetryableError } from "./isRetryableError.js";
import { sleep as defaultSleep } from "./sleep.js";

/** What a retry decision sees. */
export type RetryContext = {
  /** Index of the attempt that failed, from 0. */
  attempt: number;
  /** The error it failed with. */
  error: unknown;
};

export type WithRetryParameters = {
  /** Retries after the first attempt; 0 turns retrying off. Default 3. */
  retryCount?: number | undefined;
  /**
   * Base delay in ms for exponential backoff with jitter (attempt n waits between half and all of
   * `delay * 2^n`, capped by `maxDelayMs`), or a function giving the exact wait. Default 200.
   * A `Retry-After` the service sent (an error's `retryAfterMs`) replaces it.
   */
  delay?: number | ((context: RetryContext) => number) | undefined;
  /** Cap on one computed backoff wait, in ms. Default 10 000. */
  maxDelayMs?: number | undefined;
  /** No retry starts if its wait would end later than this many ms after the first attempt. Default 60 000. */
  maxElapsedMs?: number | undefined;
  /** Decides whether an error is retried. Default {@link isRetryableError}. An abort is never retried. */
  shouldRetry?: ((context: RetryContext) => boolean | Promise<boolean>) | undefined;
  /** Called before each wait, with the wait in ms. */
  onRetry?: ((context: RetryContext & { delayMs: number }) => void) | undefined;
  /** Stops the attempts: no retry starts after it aborts, and a running wait ends at once. */
  signal?: AbortSignal | undefined;
  /** Replaceable wait, for tests. */
  sleep?: ((parameters: { ms: number; signal?: AbortSignal | undefined }) => Promise<void>) | undefined;
  /** Replaceable clock in ms, for tests. */
  now?: (() => number) | undefined;
  /** Replaceable source of jitter in [0, 1), for tests. */
  random?: (() => number) | undefined;
};

export type WithRetryReturnType<result> = Promise<result>;

/** An abort, or the last attempt's own error (whatever `fn` throws) once retrying stops. */
export type WithRetryErrorType = AbortErrorType | Error;

/**
 * Runs `fn` and retries it on retryable failures with exponential backoff and jitter, honouring the
 * service's `Retry-After`, bounded in count and in total time, and never after an abort.
 *
 * @param fn - The operation; receives the attempt index.
 * @param parameters - {@link WithRetryParameters}
 * @returns The first successful result; otherwise the last error is thrown.
 * @example
 * const body = await withRetry(() => fetchQuote(), { retryCount: 5, delay: 100 })
 */
export async function withRetry<result>(
  fn: (context: { attempt: number }) => Promise<result>,
  parameters: WithRetryParameters = {},
): WithRetryReturnType<result> {
  const {
    retryCount = 3,
    delay = 200,
    maxDelayMs = 10_000,
    maxElapsedMs = 60_000,
    shouldRetry = isRetryableError,
    onRetry,
    signal,
    sleep = defaultSleep,
    now = Date.now,
    random = Math.random,
  } = parameters;
  const start = now();
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw new AbortError({ cause: signal.reason });
    try {
      return await fn({ attempt });
    } catch (error) {
      if (error instanceof AbortError) throw error;
      if (signal?.aborted) throw new AbortError({ cause: signal.reason });
      if (attempt >= retryCount) throw error;
      const context = { attempt, error };
      if (!(await shouldRetry(context))) throw error;
      const delayMs = waitFor({ context, delay, maxDelayMs, random });
      // Bounded in time: a wait that would end past the budget is not started.
      if (now() - start + delayMs > maxElapsedMs) throw error;
      onRetry?.({ ...context, delayMs });
      await sleep({ ms: delayMs, signal });
    }
  }
}

function waitFor({
  context,
  delay,
  maxDelayMs,
  random,
}: {
  context: RetryContext;
  delay: number | ((context: RetryContext) => number);
  maxDelayMs: number;
  random: () => number;
}): number {
  const { error, attempt } = context;
  const retryAfterMs =
    error && typeof error === "object" && "retryAfterMs" in error
      ? (error as { retryAfterMs: unknown }).retryAfterMs
      : undefined;
  if (typeof retryAfterMs === "number" && Number.isFinite(retryAfterMs) && retryAfterMs >= 0)
    return retryAfterMs;
  if (typeof delay === "function") return Math.max(0, delay(context));
  const ceiling = Math.min(maxDelayMs, delay * 2 ** attempt);
  // "Equal jitter": keeps at least half the backoff while spreading clients apart.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
