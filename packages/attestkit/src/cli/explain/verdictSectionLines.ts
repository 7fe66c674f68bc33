import { type Line, styled } from "../styledText.js";
import type { ExplainReport } from "./types.js";

/**
 * The end of the `explain` report: every mismatch, then CONSISTENT or INCONSISTENT.
 *
 * @param report - The report. {@link ExplainReport}
 * @returns The lines.
 * @example
 * for (const line of verdictSectionLines(report)) io.out(line)
 */
export function verdictSectionLines(report: ExplainReport): Line[] {
  return [
    "",
    "verdict",
    ...report.mismatches.map(
      (m) => `  !! MISMATCH ${m.field}: ${m.actual} on chain, ${m.expected} in ${m.against}`,
    ),
    report.consistent
      ? ["  ", styled("CONSISTENT", "good")]
      : ["  ", styled("INCONSISTENT", "bad"), " (see the verdicts and mismatches above)"],
  ];
}
