import { AbortError } from "../errors/request.js";

/**
 * Throws an `AbortError` (with the signal's reason as its cause) when the signal has aborted.
 *
 * @param signal - The caller's signal, if any.
 * @example
 * throwIfAborted(signal) // before starting anything that cannot be undone
 */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortError({ cause: signal.reason });
}
