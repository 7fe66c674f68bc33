import type { AuditNote, AuditSummary } from "./types.js";

/**
 * Adds a batch to a running summary: its entry count and its notes (the entries that are not
 * valid), so a summary of any number of entries is kept without their results.
 *
 * @param summary - The running summary, updated in place.
 * @param count - Entries in the batch.
 * @param notes - The batch's entries that are not valid.
 * @example
 * addToSummary(summary, 512, [{ index: 3, reason: "high-s" }])
 */
export function addToSummary(summary: AuditSummary, count: number, notes: readonly AuditNote[]): void {
  summary.total += count;
  summary.valid += count - notes.length;
  for (const { reason, error } of notes) {
    if (error) {
      summary.malformed++;
      summary.errors[error.name] = (summary.errors[error.name] ?? 0) + 1;
    } else if (reason) {
      summary.invalid++;
      summary.reasons[reason] = (summary.reasons[reason] ?? 0) + 1;
    }
  }
}
