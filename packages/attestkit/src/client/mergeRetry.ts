import type { RetryConfig } from "./utils/httpRequest.js";

export type MergeRetryParameters = {
  /** The client's retry settings. */
  client: RetryConfig | false;
  /** The call's, when it gives any. */
  call: RetryConfig | false | undefined;
};

/**
 * The retry settings of one call: the client's when the call gives none; the call's alone when
 * either is `false` (a call's `false` makes one attempt, and a call's object turns retries on for a
 * client created with `retry: false`); otherwise the call's fields merged over the client's.
 *
 * @param parameters - {@link MergeRetryParameters}
 * @returns The settings the call runs with.
 * @example
 * mergeRetry({ client: { retryCount: 1 }, call: { delay: 4 } }) // { retryCount: 1, delay: 4 }
 */
export function mergeRetry({ client, call }: MergeRetryParameters): RetryConfig | false {
  if (call === undefined) return client;
  if (call === false || client === false) return call;
  return { ...client, ...call };
}
