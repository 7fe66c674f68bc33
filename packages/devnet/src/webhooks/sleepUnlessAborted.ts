/**
 * Waits `ms` milliseconds, or less: it resolves (never rejects) as soon as the signal aborts, and at
 * once when it already has. The timer and the listener are both cleared either way.
 *
 * @param ms - Milliseconds.
 * @param signal - Ends the wait early.
 * @example
 * await sleepUnlessAborted(1000, controller.signal)
 */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
