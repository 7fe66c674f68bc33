import { addToSummary } from "../../audit/addToSummary.js";
import type { AuditNote } from "../../audit/types.js";
import { type AuditCollection, auditListLimits } from "./createAuditCollection.js";

/**
 * Adds a batch's results to the collection: the counts, the first lines of each invalid reason and
 * the first malformed lines (every malformed line number too).
 *
 * @param collection - The collection, updated. {@link AuditCollection}
 * @param result - The batch's entry count and the notes of its entries that are not valid.
 * @example
 * recordAuditNotes(collection, { count: result.count, notes: result.notes })
 */
export function recordAuditNotes(
  collection: AuditCollection,
  { count, notes }: { count: number; notes: readonly AuditNote[] },
): void {
  for (const { line = 0, reason, error } of notes) {
    if (error) {
      collection.malformedLines.push(line);
      if (collection.malformedRows.length < auditListLimits.malformed)
        collection.malformedRows.push({ line, error });
    } else if (reason) {
      const lines = collection.reasonLines.get(reason) ?? [];
      if (lines.length < auditListLimits.linesPerReason) lines.push(line);
      collection.reasonLines.set(reason, lines);
    }
  }
  addToSummary(collection.summary, count, notes);
}
