/** Limits per fixed window; `false` turns limiting off. */
export type RateLimitConfig =
  | false
  | {
      /** Window length in ms. Default 60 000. */
      windowMs?: number | undefined;
      /** Requests per window for callers without an API key, per IP address. Default 60 000 (1,000/s). */
      anonymous?: number | undefined;
      /** Requests per window per API key. Default 600 000 (10,000/s). */
      apiKey?: number | undefined;
    };

export type RateLimiter = {
  /** Counts one request; returns the seconds to wait (for `Retry-After`) when over the limit, else 0. */
  take: (parameters: { apiKey: string | undefined; ip: string }) => number;
};

export type CreateRateLimiterParameters = {
  config?: RateLimitConfig | undefined;
  /** The clock, replaceable in tests. */
  now?: (() => number) | undefined;
};

/**
 * Creates a fixed-window rate limiter with one budget per API key and one per anonymous IP address.
 * The defaults are generous (1,000 requests/s anonymous, 10,000/s with a key) so that only a test
 * that lowers them sees 429s.
 *
 * @param parameters - {@link CreateRateLimiterParameters}
 * @returns The limiter. {@link RateLimiter}
 * @example
 * const limiter = createRateLimiter({ config: { windowMs: 1000, anonymous: 5 } })
 * limiter.take({ apiKey: undefined, ip: "127.0.0.1" }) // 0 five times, then 1
 */
export function createRateLimiter({
  config = {},
  now = Date.now,
}: CreateRateLimiterParameters = {}): RateLimiter {
  if (config === false) return { take: () => 0 };
  const windowMs = config.windowMs ?? 60_000;
  const limits = { anonymous: config.anonymous ?? 60_000, apiKey: config.apiKey ?? 600_000 };
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take({ apiKey, ip }) {
      const key = apiKey !== undefined ? `key:${apiKey}` : `ip:${ip}`;
      const limit = apiKey !== undefined ? limits.apiKey : limits.anonymous;
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.start >= windowMs) {
        window = { start: at, count: 0 };
        windows.set(key, window);
      }
      window.count++;
      if (window.count <= limit) return 0;
      return Math.max(1, Math.ceil((window.start + windowMs - at) / 1000));
    },
  };
}
