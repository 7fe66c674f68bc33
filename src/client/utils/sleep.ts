import { AbortError } from "../errors/request.js";

export type SleepParameters = {
  /** How long to wait, in milliseconds. */
  ms: number;
  /** Ends the wait early with an `AbortError`. */
  signal?: AbortSignal | undefined;
};

/**
 * Waits `ms` milliseconds, or rejects with an `AbortError` as soon as `signal` aborts.
 *
 * @param parameters - {@link SleepParameters}
 * @returns A promise that resolves after the wait.
 * @example
 * await sleep({ ms: 1000, signal })
 */
export function sleep({ ms, signal }: SleepParameters): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError({ cause: signal.reason }));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError({ cause: signal?.reason }));
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
