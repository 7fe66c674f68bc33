import type { ExplainReport } from "../../explain/types.js";
import { labelledLine } from "./labelledLine.js";

/**
 * The fill and refund transactions in the `explain` report: each with its chain, status and
 * decoded events.
 *
 * @param report - The report. {@link ExplainReport}
 * @returns The lines.
 * @example
 * for (const line of fillSectionLines(report)) io.out(line)
 */
export function fillSectionLines(report: ExplainReport): string[] {
  const lines = ["", "fill and refund transactions"];
  if (report.fills.length === 0) lines.push("  (none)");
  for (const fill of report.fills) {
    lines.push(
      labelledLine(fill.kind, `${fill.txHash} on ${fill.chainId ?? "?"} ${fill.status ?? ""}`.trimEnd()),
    );
    if (fill.note) lines.push(labelledLine("", fill.note));
    for (const event of fill.events)
      lines.push(labelledLine("", `${event.name} ${JSON.stringify(event.args)}`));
  }
  return lines;
}
