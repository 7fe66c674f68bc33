import type { ExplainReport } from "../../explain/types.js";
import { plural } from "../plural.js";
import { labelledLine } from "./labelledLine.js";

/**
 * The webhook deliveries in the `explain` report, as a devnet keeps them; nothing without a devnet.
 *
 * @param report - The report. {@link ExplainReport}
 * @returns The lines.
 * @example
 * for (const line of webhookSectionLines(report)) io.out(line)
 */
export function webhookSectionLines(report: ExplainReport): string[] {
  if (!report.webhooks) return [];
  const lines = ["", "webhook deliveries"];
  if (report.webhooks.length === 0) lines.push("  (none)");
  for (const w of report.webhooks)
    lines.push(
      labelledLine(w.id, `${w.state} after ${plural(w.attempts, "attempt")} (${w.lastResult ?? "-"})`),
    );
  return lines;
}
