/**
 * A value in US dollars as every command prints it: `$30`, `$0.013`, and a negative one with its
 * sign before the dollar (`-$0.013`, not `$-0.013`). The digits are the service's, kept as given
 * (no rounding): the same value reads the same in `quote`, `execute` and `explain`.
 *
 * @param value - Dollars, as the service sends them (`"-0.013"`, `30`).
 * @returns The text.
 * @example
 * formatUsd("-0.013") // "-$0.013"
 */
export function formatUsd(value: string | number): string {
  const text = String(value).trim();
  return text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`;
}
