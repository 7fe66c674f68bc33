export type StartPollTimeoutParameters = {
  /** The whole wait's limit, in ms; from 2^31 ms on (`Infinity` included) no timer is set. */
  timeoutMs: number;
  /** The caller's signal: its abort aborts the wait's signal, with its reason. */
  signal: AbortSignal | undefined;
};

export type PollTimeout = {
  /** Aborts when the caller's signal aborts or the time is up: every read and sleep of the wait takes it. */
  signal: AbortSignal;
  /** True once the time is up (the abort came from the timer, not from the caller). */
  timedOut: () => boolean;
  /** Clears the timer and lets go of the caller's signal: call it when the wait ends, however it ends. */
  stop: () => void;
};

/**
 * Starts the limit of a status wait: one signal that aborts when the caller's signal aborts or when
 * `timeoutMs` has passed, and tells which of the two it was, so that the wait can throw an
 * `AbortError` or its timeout error.
 *
 * @param parameters - {@link StartPollTimeoutParameters}
 * @returns The wait's signal, whether it timed out, and how to stop the limit. {@link PollTimeout}
 * @example
 * const limit = startPollTimeout({ timeoutMs: 60_000, signal })
 * try { await read({ signal: limit.signal }) } finally { limit.stop() }
 */
export function startPollTimeout({ timeoutMs, signal }: StartPollTimeoutParameters): PollTimeout {
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
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    stop: () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    },
  };
}
