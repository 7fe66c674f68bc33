import { addToSummary } from "../../audit/addToSummary.js";
import type { AuditNote } from "../../audit/types.js";
import { type AuditCollection, auditListLimits } from "./createAuditCollection.js";

/**
 * Adds a batch's results to the collection: the counts, where the first entries of each invalid
 * reason are and the first malformed entries (every malformed line, and in a JSON array every
 * malformed index, too). An entry is placed by its line, and in a JSON array by its index there.
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
  for (const { line = 0, arrayIndex, reason, error } of notes) {
    const place = { line, index: arrayIndex };
    if (error) {
      collection.malformedLines.push(line);
      if (arrayIndex !== undefined) collection.malformedIndices.push(arrayIndex);
      if (collection.malformedRows.length < auditListLimits.malformed)
        collection.malformedRows.push({ ...place, error });
    } else if (reason) {
      const places = collection.reasonEntries.get(reason) ?? [];
      if (places.length < auditListLimits.entriesPerReason) places.push(place);
      collection.reasonEntries.set(reason, places);
    }
  }
  addToSummary(collection.summary, count, notes);
}
