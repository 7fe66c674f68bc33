import type { ExplainReport } from "../../explain/types.js";
import type { CurrencyBook } from "../money/currencyBook.js";
import { labelledLine } from "./labelledLine.js";
import { moneyLine } from "./moneyLine.js";

/**
 * The request's terms in the `explain` report, as the devnet keeps them and as `GET /requests/v3`
 * lists them; nothing for a source that did not give them.
 *
 * @param report - The report. {@link ExplainReport}
 * @param book - The chain list's currencies, to write the amounts in units (as `quote` does).
 * @returns The lines.
 * @example
 * for (const line of requestSectionLines(report, book)) io.out(line)
 */
export function requestSectionLines(report: ExplainReport, book: CurrencyBook = new Map()): string[] {
  const lines: string[] = [];
  if (report.request) {
    const r = report.request;
    lines.push(
      "",
      "request (as the devnet keeps it)",
      labelledLine("user", r.user),
      labelledLine("recipient", r.recipient),
      labelledLine("refund to", r.refundTo),
      labelledLine(
        "in",
        moneyLine({ book, amount: r.amountIn, currency: r.originCurrency, chainId: r.originChainId }),
      ),
      labelledLine(
        "out",
        moneyLine({
          book,
          amount: r.amountOut,
          currency: r.destinationCurrency,
          chainId: r.destinationChainId,
        }),
      ),
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
