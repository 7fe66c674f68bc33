import type { AuditInputFormat } from "../../audit/readAuditInput.js";
import type { AuditErrorDescription, AuditSummary } from "../../audit/types.js";

/** What the text report of `audit` lists; `--json` has every entry. */
export const auditListLimits = {
  /** Malformed entries shown. */
  malformed: 20,
  /** Entries shown per reason. */
  entriesPerReason: 10,
} as const;

/** Where an entry is, as the report names it. */
export type AuditEntryPlace = {
  /** The 1-based line it starts on. */
  line: number;
  /** Its 0-based index in the input's JSON array (jq's `.[index]`); undefined for JSON Lines. */
  index?: number | undefined;
};

/** What `audit` gathers from the results, batch by batch, for its report. */
export type AuditCollection = {
  /** The counts by verdict, reason and error. */
  summary: AuditSummary;
  /** Where the first entries of each invalid reason are. */
  reasonEntries: Map<string, AuditEntryPlace[]>;
  /** The first malformed entries, where they are, with their error. */
  malformedRows: (AuditEntryPlace & { error: AuditErrorDescription })[];
  /** Every malformed entry's line (`--json`). */
  malformedLines: number[];
  /** Every malformed entry's index in the input's JSON array (`--json`, for an array). */
  malformedIndices: number[];
  /** The input's layout, as the reader found it. */
  format: AuditInputFormat;
};

/**
 * An empty collection, before the first batch: nothing counted, the input read as JSON Lines.
 *
 * @returns The collection. {@link AuditCollection}
 * @example
 * const collection = createAuditCollection()
 */
export function createAuditCollection(): AuditCollection {
  return {
    summary: { total: 0, valid: 0, invalid: 0, malformed: 0, reasons: {}, errors: {} },
    reasonEntries: new Map(),
    malformedRows: [],
    malformedLines: [],
    malformedIndices: [],
    format: "jsonl",
  };
}
