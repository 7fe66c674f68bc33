import type { ExplainReport } from "../../explain/types.js";
import { isKnownStatus } from "../../schemas/statuses.js";
import { statusStyle } from "../statusStyle.js";
import { type Line, styled } from "../styledText.js";
import { labelledLine } from "./labelledLine.js";
import { styledLabelledLine } from "./styledLabelledLine.js";

/**
 * The head of the `explain` report: the request, its status and route, when an unpaid quote
 * expired (a devnet's `expiredAt`, the reading its dashboard shows), its history (a devnet's record)
 * and, when it failed, why in words.
 *
 * @param report - The report. {@link ExplainReport}
 * @returns The lines.
 * @example
 * for (const line of statusSectionLines(report)) io.out(line)
 */
export function statusSectionLines(report: ExplainReport): Line[] {
  const { status, reason } = report;
  const expiredAt = report.request?.expiredAt;
  const lines: Line[] = [
    `request ${report.requestId}`,
    styledLabelledLine(
      "status",
      String(status.status),
      statusStyle(status.status),
      `${isKnownStatus(String(status.status)) ? "" : " (a status attestkit does not know)"}${expiredAt ? " (quote expired)" : ""}`,
    ),
    labelledLine(
      "updated",
      status.updatedAt != null ? new Date(Number(status.updatedAt)).toISOString() : "-",
    ),
    labelledLine(
      "origin -> destination",
      `${status.originChainId ?? "?"} -> ${status.destinationChainId ?? "?"}`,
    ),
  ];
  if (expiredAt)
    lines.push(
      labelledLine(
        "expired",
        `${new Date(expiredAt).toISOString()} (unpaid at the quote's deadline: a deposit now is refunded, TTL_EXPIRED)`,
      ),
    );
  if (report.history) {
    lines.push("", "history");
    for (const entry of report.history)
      lines.push([
        "  ",
        styled(entry.status, statusStyle(entry.status)),
        `${" ".repeat(Math.max(0, 22 - entry.status.length))}${new Date(entry.at).toISOString()}`,
      ]);
  }
  if (reason.failReason || reason.refundFailReason || reason.failReasonText) {
    lines.push("", "why");
    if (reason.failReasonText)
      lines.push(`  ${reason.failReason ?? "failure"}`, `    ${reason.failReasonText}`);
    if (reason.refundFailReason)
      lines.push(`  refund: ${reason.refundFailReason}`, `    ${reason.refundFailReasonText}`);
  }
  return lines;
}
