/** A signal of one run, and how to end it. */
export type LinkedAbort = {
  /** Fires when the caller's signal does, or when the run ends (`end`). */
  signal: AbortSignal;
  /** Ends the run: aborts `signal` with `reason` and lets go of the caller's signal. */
  end: (reason: unknown) => void;
};

/**
 * One signal for everything a run starts: it follows the caller's (already aborted: aborted at once)
 * and is aborted when the run ends, however it ends, so that nothing the run started outlives it.
 *
 * @param outer - The caller's signal, if any.
 * @returns The run's signal and its end. {@link LinkedAbort}
 * @example
 * const run = linkAbort(parameters.signal)
 * try { ... } finally { run.end(new AbortError()) }
 */
export function linkAbort(outer: AbortSignal | undefined): LinkedAbort {
  const controller = new AbortController();
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    end: (reason) => {
      controller.abort(reason);
      outer?.removeEventListener("abort", onAbort);
    },
  };
}
