import { checkDuration } from "./checkDuration.js";
import type { RetryConfig } from "./httpRequest.js";

/** The most retries a configuration may ask for. */
const maxRetryCount = 100;

/**
 * Checks the numbers of a retry configuration: `retryCount` a whole number from 0 to 100, `delay`
 * (when a number), `maxDelayMs` and `maxElapsedMs` durations from 0 ms (`maxElapsedMs` may be
 * `Infinity`). Functions and the other fields are the caller's own.
 *
 * @param retry - The configuration, or `false`.
 * @returns The first field that is wrong and why, or undefined when all are accepted.
 * @example
 * checkRetryConfig({ retryCount: -1 }) // { field: "retry.retryCount", reason: "must be a whole number from 0 to 100, got -1" }
 */
export function checkRetryConfig(
  retry: RetryConfig | false | undefined,
): { field: string; reason: string } | undefined {
  if (retry === false || retry === undefined) return undefined;
  if (typeof retry !== "object" || retry === null)
    return { field: "retry", reason: `must be an object or false, got ${String(retry)}` };
  const { retryCount, delay, maxDelayMs, maxElapsedMs } = retry;
  if (
    retryCount !== undefined &&
    !(
      typeof retryCount === "number" &&
      Number.isInteger(retryCount) &&
      retryCount >= 0 &&
      retryCount <= maxRetryCount
    )
  )
    return {
      field: "retry.retryCount",
      reason: `must be a whole number from 0 to ${maxRetryCount}, got ${String(retryCount)}`,
    };
  const durations: [string, unknown, boolean][] = [
    ["retry.delay", typeof delay === "function" ? undefined : delay, false],
    ["retry.maxDelayMs", maxDelayMs, false],
    ["retry.maxElapsedMs", maxElapsedMs, true],
  ];
  for (const [field, value, allowInfinity] of durations) {
    if (value === undefined) continue;
    const reason = checkDuration({ value, min: 0, allowInfinity });
    if (reason) return { field, reason };
  }
  return undefined;
}
