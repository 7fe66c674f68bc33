export type ParseRetryAfterParameters = {
  /** The `Retry-After` header value: delay seconds or an HTTP date. */
  value: string | null | undefined;
  /** Current time in Unix milliseconds, for the HTTP-date form. */
  now?: number | undefined;
};

/**
 * Turns a `Retry-After` header (delay seconds or an HTTP date) into milliseconds to wait.
 *
 * @param parameters - {@link ParseRetryAfterParameters}
 * @returns Milliseconds to wait (0 for a date in the past), or undefined when absent or unreadable.
 * @example
 * parseRetryAfter({ value: "2" }) // 2000
 * parseRetryAfter({ value: "Wed, 21 Oct 2015 07:28:00 GMT", now }) // ms until then
 */
export function parseRetryAfter({ value, now = Date.now() }: ParseRetryAfterParameters): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === "") return undefined;
  // RFC 9110: delay-seconds is a non-negative integer; fractions are tolerated because some proxies send them.
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Only the date form remains; a bare signed number is not a date.
  if (/^[-+]?\d/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
