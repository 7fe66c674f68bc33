import type { ExplainReport } from "../../explain/types.js";
import { labelledLine } from "./labelledLine.js";

/**
 * The request's terms in the `explain` report, as the devnet keeps them and as `GET /requests/v3`
 * lists them; nothing for a source that did not give them.
 *
 * @param report - The report. {@link ExplainReport}
 * @returns The lines.
 * @example
 * for (const line of requestSectionLines(report)) io.out(line)
 */
export function requestSectionLines(report: ExplainReport): string[] {
  const lines: string[] = [];
  if (report.request) {
    const r = report.request;
    lines.push(
      "",
      "request (as the devnet keeps it)",
      labelledLine("user", r.user),
      labelledLine("recipient", r.recipient),
      labelledLine("refund to", r.refundTo),
      labelledLine("in", `${r.amountIn} ${r.originCurrency} on ${r.originChainId}`),
      labelledLine("out", `${r.amountOut} ${r.destinationCurrency} on ${r.destinationChainId}`),
    );
    if (r.expiresAt) lines.push(labelledLine("deadline", new Date(r.expiresAt).toISOString()));
  }
  if (report.requestV3) {
    const r = report.requestV3;
    lines.push(
      "",
      "request (GET /requests/v3)",
      labelledLine("user", r.user ?? "-"),
      labelledLine("recipient", r.recipient ?? "-"),
      labelledLine("refund to", r.refundTo ?? "-"),
      labelledLine("created", r.createdAt ?? "-"),
      labelledLine("updated", r.updatedAt ?? "-"),
      labelledLine("order id", r.protocol?.orderId ?? "-"),
      labelledLine("solver", r.protocol?.solver?.address ?? "-"),
    );
  }
  return lines;
}
