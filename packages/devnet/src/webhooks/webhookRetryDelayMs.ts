export type WebhookRetryDelayMsParameters = {
  /** The retry, from 1 (the first attempt has no delay). */
  retry: number;
  /** Delay before the first retry, in milliseconds. */
  baseDelayMs: number;
  /** Cap of one delay before jitter, in milliseconds. */
  maxDelayMs: number;
  /** A number in [0, 1) (`Math.random()`): the jitter. */
  random: number;
};

/**
 * The wait before a retry: exponential backoff (the base delay doubled for each retry after the
 * first, capped) with ±20 % jitter, so that receivers that failed together are not retried together
 * (the sending side of Standard Webhooks and stripe).
 *
 * @param parameters - {@link WebhookRetryDelayMsParameters}
 * @returns Milliseconds, between 0.8 and 1.2 times the capped delay.
 * @example
 * webhookRetryDelayMs({ retry: 3, baseDelayMs: 1000, maxDelayMs: 60_000, random: 0.5 }) // 4000
 */
export function webhookRetryDelayMs({
  retry,
  baseDelayMs,
  maxDelayMs,
  random,
}: WebhookRetryDelayMsParameters): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** (retry - 1)) * (0.8 + random * 0.4);
}
