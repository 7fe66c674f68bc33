import type { ExplainReport } from "../../explain/types.js";
import type { Io } from "../io.js";
import type { CurrencyBook } from "../money/currencyBook.js";
import { attestationSectionLines } from "./attestationSectionLines.js";
import { depositSectionLines } from "./depositSectionLines.js";
import { fillSectionLines } from "./fillSectionLines.js";
import { orderSectionLines } from "./orderSectionLines.js";
import { requestSectionLines } from "./requestSectionLines.js";
import { statusSectionLines } from "./statusSectionLines.js";
import { verdictSectionLines } from "./verdictSectionLines.js";
import { webhookSectionLines } from "./webhookSectionLines.js";

/**
 * Prints the report as labelled sections, mismatches marked `!!`, amounts in units where `book`
 * (the chain list's currencies) gives the decimals.
 */
export function printExplainReport(io: Io, report: ExplainReport, book: CurrencyBook = new Map()): void {
  const lines = [
    ...statusSectionLines(report),
    ...requestSectionLines(report, book),
    ...orderSectionLines(report),
    ...attestationSectionLines(report, "v1"),
    ...attestationSectionLines(report, "v2"),
    ...depositSectionLines(report, book),
    ...fillSectionLines(report),
    ...webhookSectionLines(report),
    ...verdictSectionLines(report),
  ];
  for (const line of lines) io.out(line);
}
