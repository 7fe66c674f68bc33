import { type CheckLineParameters, formatCheckLine } from "./formatCheckLine.js";
import type { Line } from "./styledText.js";

/**
 * A table of checks as `verify --quote` and `execute` print it: one {@link formatCheckLine} each,
 * the labels padded to the longest of them (15 at least), so `ok` and `FAIL` stay in one column
 * whatever the labels (`destinationCurrency`, an item's `deposit[0]`).
 *
 * @param checks - The checks, in order. {@link CheckLineParameters}
 * @returns One line each. {@link Line}
 * @example
 * for (const line of formatCheckLines(result.checks.map((check) => ({ label: check.name, ...check })))) io.out(line)
 */
export function formatCheckLines(checks: readonly CheckLineParameters[]): Line[] {
  const labelWidth = Math.max(15, ...checks.map((check) => check.label.length));
  return checks.map((check) => formatCheckLine({ ...check, labelWidth }));
}
