import { AbortError } from "../errors/request.js";

/**
 * Settles like `promise`, or rejects with an `AbortError` as soon as `signal` aborts, without waiting
 * for `promise` (which cannot be cancelled: a wallet prompt, a receipt, a caller's handler).
 *
 * @param promise - The work to wait for.
 * @param signal - The caller's signal, if any.
 * @returns What `promise` resolves to.
 * @example
 * const receipt = await raceAbort(publicClient.waitForTransactionReceipt({ hash }), signal)
 */
export function raceAbort<value>(promise: Promise<value>, signal: AbortSignal | undefined): Promise<value> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new AbortError({ cause: signal.reason }));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new AbortError({ cause: signal.reason }));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
