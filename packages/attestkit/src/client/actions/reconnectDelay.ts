export type ReconnectDelayParameters = {
  /** The first delay, in ms. */
  baseDelayMs: number;
  /** The longest delay, before jitter, in ms. */
  maxDelayMs: number;
  /** Connections that failed in a row before this one. */
  failedAttempts: number;
  /** A number in [0, 1), such as `Math.random()`: the jitter. */
  random: number;
};

/**
 * The wait before a tracker connects again: `baseDelayMs` doubled for each connection that failed
 * in a row, at most `maxDelayMs`, then ±20 % of jitter, so that the clients of a restarted stream do
 * not all come back at once.
 *
 * @param parameters - {@link ReconnectDelayParameters}
 * @returns The delay, in ms.
 * @example
 * reconnectDelay({ baseDelayMs: 500, maxDelayMs: 15_000, failedAttempts: 2, random: 0.5 }) // 2000
 */
export function reconnectDelay({
  baseDelayMs,
  maxDelayMs,
  failedAttempts,
  random,
}: ReconnectDelayParameters): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** failedAttempts) * (0.8 + random * 0.4);
}
