import type { ExplainReport } from "../../explain/types.js";
import type { Line } from "../styledText.js";
import { explainVerdictLine } from "./explainVerdictLine.js";
import { labelledLine } from "./labelledLine.js";
import { styledLabelledLine } from "./styledLabelledLine.js";

/**
 * The order in the `explain` report: its id as given and as recomputed, each check, the recovered
 * signer and the verdict; or why the order is not known.
 *
 * @param report - The report. {@link ExplainReport}
 * @returns The lines.
 * @example
 * for (const line of orderSectionLines(report)) io.out(line)
 */
export function orderSectionLines(report: ExplainReport): Line[] {
  const { order } = report;
  if (!order) return ["", "order", `  (none: ${report.sources.note})`];
  return [
    "",
    "order",
    labelledLine("orderId", order.orderId),
    labelledLine("recomputed", order.verification.recomputedOrderId),
    ...order.verification.checks.map((check) =>
      check.ok
        ? styledLabelledLine(check.name, "ok", "good")
        : styledLabelledLine(check.name, "FAILED", "bad", ` (${check.reason ?? ""})`),
    ),
    labelledLine("recovered signer", order.verification.signer ?? "(none)"),
    explainVerdictLine(order.verification.valid, order.verification.reason),
  ];
}
