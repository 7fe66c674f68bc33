/**
 * A reason's line numbers as the `audit` report lists them: the first `max`, then how many more.
 *
 * @param lines - The line numbers kept.
 * @param count - How many entries have the reason.
 * @param max - How many are shown.
 * @returns `lines 3, 7, ... (12 more)`.
 * @example
 * formatLineList([3], 1, 10) // "line 3"
 */
export function formatLineList(lines: number[], count: number, max: number): string {
  const shown = lines.slice(0, max).join(", ");
  return `line${count === 1 ? "" : "s"} ${shown}${count > max ? `, ... (${count - max} more)` : ""}`;
}
