import type * as z from "zod";
import { CorruptStateError } from "./errors.js";
import type { StateDatabase } from "./openStateDatabase.js";

export type ReadJournalParameters<schema extends z.ZodType> = {
  database: StateDatabase;
  /** The journal's name in the database. */
  journal: string;
  /** The shape of one entry; a row that does not match it is a {@link CorruptStateError}. */
  schema: schema;
};

/**
 * Reads a journal of the state database and checks each entry against its schema, so a row that
 * was damaged (edited by hand, written by another program) stops the start with an error naming the
 * file, the journal and the row, instead of a crash deep in the replay.
 *
 * @param parameters - {@link ReadJournalParameters}
 * @returns The entries, oldest first.
 * @throws {CorruptStateError} For a row that is not JSON or not an entry.
 * @example
 * const entries = readJournal({ database, journal: "exchange", schema: exchangeLedgerEntrySchema })
 */
export function readJournal<schema extends z.ZodType>({
  database,
  journal,
  schema,
}: ReadJournalParameters<schema>): z.output<schema>[] {
  return database.loadEntries(journal).map(({ seq, value }) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw new CorruptStateError({
      path: database.path,
      location: `journal "${journal}"`,
      row: seq,
      reason: `is not a valid entry (${issue?.message ?? "invalid"}${where})`,
    });
  });
}
