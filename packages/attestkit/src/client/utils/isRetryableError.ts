import { ApiError, NetworkError, RateLimitError, TimeoutError } from "../errors/request.js";

/** Error codes the service uses for failures that pass on their own. */
export const transientErrorCodes: readonly string[] = [
  "PRICE_FETCH_FAILED",
  "SERVICE_UNAVAILABLE",
  "REQUEST_TIMED_OUT",
  "RPC_HTTP_ERROR",
];

/** HTTP statuses worth another attempt besides 429. */
const retryableStatuses = new Set([502, 503, 504]);

export type IsRetryableErrorParameters = {
  /** The error an attempt failed with. */
  error: unknown;
};

/**
 * Tells whether a failed request is worth another attempt: 429, 502, 503, 504, a transient error
 * code, a network failure or a timeout. Client errors (4xx), unparsable bodies and aborts are not.
 *
 * @param parameters - {@link IsRetryableErrorParameters}
 * @returns True when a retry may succeed.
 * @example
 * isRetryableError({ error }) // true for a RateLimitError
 */
export function isRetryableError({ error }: IsRetryableErrorParameters): boolean {
  if (error instanceof RateLimitError) return true;
  if (error instanceof ApiError)
    return (
      retryableStatuses.has(error.status) ||
      (error.code !== undefined && transientErrorCodes.includes(error.code))
    );
  return error instanceof NetworkError || error instanceof TimeoutError;
}
