import { zeroAddress } from "../../explain/explainDeposit.js";
import type { ExplainReport } from "../../explain/types.js";
import { labelledLine } from "./labelledLine.js";

/**
 * The deposit in the `explain` report: its transaction, what was decoded from it, and each deposit
 * mismatch marked `!!`.
 *
 * @param report - The report. {@link ExplainReport}
 * @returns The lines.
 * @example
 * for (const line of depositSectionLines(report)) io.out(line)
 */
export function depositSectionLines(report: ExplainReport): string[] {
  const { deposit } = report;
  const lines = ["", "deposit", labelledLine("transaction", deposit.txHash ?? "(none)")];
  if (deposit.note) lines.push(labelledLine("note", deposit.note));
  const decoded = deposit.decoded;
  if (decoded)
    lines.push(
      labelledLine("event", decoded.event + (decoded.viaReceiver ? " (through the receiver)" : "")),
      labelledLine("id", decoded.id),
      labelledLine("amount", decoded.amount),
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
          `${through.txHash} from ${transfer.from} to ${transfer.to ?? "(creation)"}, ${transfer.value} wei`,
        ),
      );
    else if (through.note) lines.push(labelledLine("paid in", through.note));
  }
  for (const m of report.mismatches.filter((m) => m.field.startsWith("deposit")))
    lines.push(`  !! ${m.field} ${m.actual}, but ${m.against} is ${m.expected}`);
  return lines;
}
