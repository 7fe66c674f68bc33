import { AbortError } from "../errors/request.js";

export type SleepParameters = {
  /** How long to wait, in milliseconds. Waits longer than a timer's 2^31 − 1 ms are chained, never cut short. */
  ms: number;
  /** Ends the wait early with an `AbortError`. */
  signal?: AbortSignal | undefined;
};

/** The longest delay one `setTimeout` takes; a longer one would fire after 1 ms. */
export const maxTimerMs = 2 ** 31 - 1;

/**
 * Waits `ms` milliseconds, or rejects with an `AbortError` as soon as `signal` aborts. A wait
 * longer than one timer can hold is made of several timers.
 *
 * @param parameters - {@link SleepParameters}
 * @returns A promise that resolves after the wait.
 * @example
 * await sleep({ ms: 1000, signal })
 */
export function sleep({ ms, signal }: SleepParameters): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError({ cause: signal.reason }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError({ cause: signal?.reason }));
    };
    const end = Date.now() + Math.max(0, ms);
    const arm = () => {
      const left = end - Date.now();
      if (left > maxTimerMs) {
        timer = setTimeout(arm, maxTimerMs);
        return;
      }
      timer = setTimeout(
        () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
        Math.max(0, left),
      );
    };
    arm();
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
