import { maxTimerMs } from "./sleep.js";

export type CheckDurationParameters = {
  /** The value given. */
  value: unknown;
  /** Smallest accepted value, in ms. Default 1. */
  min?: number | undefined;
  /** Accept `Infinity` (no limit). Default false. */
  allowInfinity?: boolean | undefined;
};

/**
 * Checks a duration in milliseconds: a number (not NaN) from `min` to 2^31 − 1 (the longest a timer
 * holds; a longer one would silently fire after 1 ms), or `Infinity` where allowed.
 *
 * @param parameters - {@link CheckDurationParameters}
 * @returns What is wrong with the value, or undefined when it is accepted.
 * @example
 * checkDuration({ value: 2 ** 31 }) // "must be at most 2147483647 ms, got 2147483648"
 */
export function checkDuration({
  value,
  min = 1,
  allowInfinity = false,
}: CheckDurationParameters): string | undefined {
  const range = `a number of ms from ${min} to ${maxTimerMs}${allowInfinity ? " or Infinity" : ""}`;
  if (typeof value !== "number" || Number.isNaN(value)) return `must be ${range}, got ${String(value)}`;
  if (value === Number.POSITIVE_INFINITY) return allowInfinity ? undefined : `must be ${range}, got Infinity`;
  if (value < min) return `must be ${range}, got ${value}`;
  if (value > maxTimerMs)
    return `must be at most ${maxTimerMs} ms${allowInfinity ? " (or Infinity)" : ""}, got ${value}`;
  return undefined;
}
