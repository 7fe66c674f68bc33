/**
 * Shows a caller's value inside an error line: strings quoted (and cut to `max` characters),
 * bigints with their `n`, anything else as JSON.
 *
 * @param value - The offending value.
 * @param max - Longest string shown before it is cut with `...`.
 * @returns The text.
 * @example
 * showValue("1.5") // '"1.5"'
 */
export function showValue(value: unknown, max = 80): string {
  if (typeof value === "string")
    return JSON.stringify(value.length > max ? `${value.slice(0, max - 3)}...` : value);
  if (typeof value === "bigint") return `${value}n`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
