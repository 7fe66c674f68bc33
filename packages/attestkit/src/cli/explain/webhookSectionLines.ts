import type { ExplainReport } from "../../explain/types.js";
import { alignColumns } from "../alignColumns.js";
import { plural } from "../plural.js";

/**
 * The webhook deliveries in the `explain` report, as a devnet keeps them, one a line in aligned
 * columns: the event id, its state, the attempts and the last attempt's result
 * (`evt_…  delivered  after 1 attempt  (200)`); nothing without a devnet.
 *
 * @param report - The report. {@link ExplainReport}
 * @returns The lines.
 * @example
 * for (const line of webhookSectionLines(report)) io.out(line)
 */
export function webhookSectionLines(report: ExplainReport): string[] {
  if (!report.webhooks) return [];
  if (report.webhooks.length === 0) return ["", "webhook deliveries", "  (none)"];
  const rows = report.webhooks.map((w) => [
    w.id,
    w.state,
    `after ${plural(w.attempts, "attempt")}`,
    `(${w.lastResult ?? "-"})`,
  ]);
  return ["", "webhook deliveries", ...alignColumns(rows)];
}
