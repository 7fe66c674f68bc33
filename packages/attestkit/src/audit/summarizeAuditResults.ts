import type { AuditEntryResult, AuditSummary } from "./types.js";

/**
 * Counts an audit's results: valid, invalid by reason, malformed by error name.
 *
 * @param results - The entries' results.
 * @returns The counts. {@link AuditSummary}
 * @example
 * summarizeAuditResults(results) // { total: 3, valid: 1, invalid: 1, malformed: 1, reasons: { "high-s": 1 }, errors: { InvalidAmountError: 1 } }
 */
export function summarizeAuditResults(results: readonly AuditEntryResult[]): AuditSummary {
  const summary: AuditSummary = { total: 0, valid: 0, invalid: 0, malformed: 0, reasons: {}, errors: {} };
  for (const result of results) {
    summary.total++;
    if ("error" in result) {
      summary.malformed++;
      summary.errors[result.error.name] = (summary.errors[result.error.name] ?? 0) + 1;
    } else if (result.valid) summary.valid++;
    else {
      summary.invalid++;
      // A verdict that is not valid always carries its reason.
      const reason = result.reason as NonNullable<typeof result.reason>;
      summary.reasons[reason] = (summary.reasons[reason] ?? 0) + 1;
    }
  }
  return summary;
}
