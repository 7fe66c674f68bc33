import { zeroAddress } from "../../explain/explainDeposit.js";
import type { ExplainReport } from "../../explain/types.js";
import type { CurrencyBook } from "../money/currencyBook.js";
import { labelledLine } from "./labelledLine.js";
import { moneyLine } from "./moneyLine.js";

/**
 * The deposit in the `explain` report: its transaction, what was decoded from it, and each deposit
 * mismatch marked `!!`.
 *
 * @param report - The report. {@link ExplainReport}
 * @param book - The chain list's currencies, to write the amounts in units (as `quote` does).
 * @returns The lines.
 * @example
 * for (const line of depositSectionLines(report, book)) io.out(line)
 */
export function depositSectionLines(report: ExplainReport, book: CurrencyBook = new Map()): string[] {
  const { deposit } = report;
  const lines = ["", "deposit", labelledLine("transaction", deposit.txHash ?? "(none)")];
  if (deposit.note) lines.push(labelledLine("note", deposit.note));
  const decoded = deposit.decoded;
  if (decoded)
    lines.push(
      labelledLine("event", decoded.event + (decoded.viaReceiver ? " (through the receiver)" : "")),
      labelledLine("id", decoded.id),
      labelledLine(
        "amount",
        moneyLine({ book, amount: decoded.amount, currency: decoded.currency, chainId: deposit.chainId }),
      ),
      labelledLine(
        "currency",
        decoded.currency === zeroAddress ? `${zeroAddress} (native)` : decoded.currency,
      ),
      labelledLine("depositor", decoded.depositor + (decoded.viaReceiver ? " (the receiver)" : "")),
      ...(decoded.payer ? [labelledLine("payer", decoded.payer)] : []),
    );
  const through = deposit.depositAddress;
  if (through) {
    lines.push(
      labelledLine(
        "address",
        `${through.address} (deposit address, ${through.depositAddressType ?? "type not said"})`,
      ),
    );
    const { transfer } = through;
    if (transfer)
      lines.push(
        labelledLine(
          "paid in",
          `${through.txHash} from ${transfer.from} to ${transfer.to ?? "(creation)"}, ${moneyLine({ book, amount: transfer.value, currency: zeroAddress, chainId: deposit.chainId })}`,
        ),
      );
    else if (through.note) lines.push(labelledLine("paid in", through.note));
  }
  for (const m of report.mismatches.filter((m) => m.field.startsWith("deposit")))
    lines.push(`  !! ${m.field} ${m.actual}, but ${m.against} is ${m.expected}`);
  return lines;
}
