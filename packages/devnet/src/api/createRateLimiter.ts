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
  /** Callers (API keys and anonymous IP addresses) held now: those seen within the last window. */
  size: () => number;
};

export type CreateRateLimiterParameters = {
  config?: RateLimitConfig | undefined;
  /** The clock, replaceable in tests. */
  now?: (() => number) | undefined;
  /**
   * Most callers held at once. Default 100,000 (about 10 MB). Past it the callers whose window
   * started first are forgotten early: their next request opens a fresh window, as a fresh key would.
   */
  maxEntries?: number | undefined;
};

/**
 * Creates a fixed-window rate limiter with one budget per API key and one per anonymous IP address.
 * The defaults are generous (1,000 requests/s anonymous, 10,000/s with a key) so that only a test
 * that lowers them sees 429s. A caller is held only while its window runs: windows are kept in the
 * order they started, and each request first drops the ended ones at the front, so a stream of
 * distinct keys costs the keys of one window (and never more than `maxEntries`), not every key ever
 * seen.
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
  maxEntries = 100_000,
}: CreateRateLimiterParameters = {}): RateLimiter {
  if (config === false) return { take: () => 0, size: () => 0 };
  const windowMs = config.windowMs ?? 60_000;
  const limits = { anonymous: config.anonymous ?? 60_000, apiKey: config.apiKey ?? 600_000 };
  // Insertion order is start order: a window that starts again is deleted and set anew.
  const windows = new Map<string, { start: number; count: number }>();
  const evict = (at: number) => {
    for (const [key, window] of windows) {
      if (at - window.start < windowMs && windows.size <= maxEntries) break;
      windows.delete(key);
    }
  };
  return {
    take({ apiKey, ip }) {
      const key = apiKey !== undefined ? `key:${apiKey}` : `ip:${ip}`;
      const limit = apiKey !== undefined ? limits.apiKey : limits.anonymous;
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.start >= windowMs) {
        windows.delete(key);
        window = { start: at, count: 0 };
        windows.set(key, window);
      }
      evict(at);
      window.count++;
      if (window.count <= limit) return 0;
      return Math.max(1, Math.ceil((window.start + windowMs - at) / 1000));
    },
    size: () => {
      evict(now());
      return windows.size;
    },
  };
}
