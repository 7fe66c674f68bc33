import type { AuditEntryPlace } from "./createAuditCollection.js";

/**
 * Where an entry is, as the `audit` report names it: its line in JSON Lines; in a JSON array, its
 * index there as jq names it (`jq '.[5]' FILE` prints it) and the line it starts on, which alone
 * tells nothing in an array written on one line.
 *
 * @param place - The entry's line, and its index for an element of a JSON array. {@link AuditEntryPlace}
 * @returns `line 42`, or `.[5] (line 1)`. Never throws.
 * @example
 * formatEntryPlace({ line: 1, index: 5 }) // ".[5] (line 1)"
 */
export function formatEntryPlace({ line, index }: AuditEntryPlace): string {
  return index === undefined ? `line ${line}` : `.[${index}] (line ${line})`;
}
