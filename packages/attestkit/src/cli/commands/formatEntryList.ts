import type { AuditEntryPlace } from "./createAuditCollection.js";
import { formatEntryPlace } from "./formatEntryPlace.js";

/**
 * A reason's entries as the `audit` report lists them: the first `max`, then how many more; by
 * line in JSON Lines, by index (and line) in a JSON array.
 *
 * @param places - Where the entries kept are. {@link AuditEntryPlace}
 * @param count - How many entries have the reason.
 * @param max - How many are shown.
 * @returns `lines 3, 7, ... (12 more)`, or `.[2] (line 1), .[6] (line 1), ... (12 more)`. Never throws.
 * @example
 * formatEntryList([{ line: 3 }], 1, 10) // "line 3"
 */
export function formatEntryList(places: readonly AuditEntryPlace[], count: number, max: number): string {
  const shown = places.slice(0, max);
  const more = count > max ? `, ... (${count - max} more)` : "";
  if (shown.some(({ index }) => index !== undefined))
    return `${shown.map((place) => formatEntryPlace(place)).join(", ")}${more}`;
  return `line${count === 1 ? "" : "s"} ${shown.map(({ line }) => line).join(", ")}${more}`;
}
