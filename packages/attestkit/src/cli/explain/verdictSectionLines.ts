import type { ExplainReport } from "../../explain/types.js";
import { type Line, styled } from "../styledText.js";
import { unjudgedAdvice } from "./unjudgedAdvice.js";

/** The closing word of each outcome, styled. */
const closing: Record<ExplainReport["outcome"], Line> = {
  consistent: ["  ", styled("CONSISTENT", "good")],
  inconsistent: ["  ", styled("INCONSISTENT", "bad"), " (see the verdicts and mismatches above)"],
  incomplete: [
    "  ",
    styled("INCOMPLETE", "warn"),
    " (nothing disagrees, but the parts above were not judged)",
  ],
};

/**
 * The end of the `explain` report: every mismatch, every one the request's refund accounts for, every part not judged (with what to type about
 * it, when there is something), then CONSISTENT, INCONSISTENT or INCOMPLETE.
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
    ...report.explained.map(
      (m) =>
        `  ~~ EXPLAINED ${m.field}: ${m.actual} on chain, ${m.expected} in ${m.against}; refunded for it (${m.by})`,
    ),
    ...report.incomplete.map((part) => {
      const advice = unjudgedAdvice(part);
      return `  ?? NOT JUDGED ${part.part}: ${part.message}${advice ? ` (${advice})` : ""}`;
    }),
    closing[report.outcome],
  ];
}
