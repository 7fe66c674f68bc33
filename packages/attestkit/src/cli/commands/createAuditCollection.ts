import type { AuditInputFormat } from "../../audit/readAuditInput.js";
import type { AuditErrorDescription, AuditSummary } from "../../audit/types.js";

/** What the text report of `audit` lists; `--json` has every entry. */
export const auditListLimits = {
  /** Malformed lines shown. */
  malformed: 20,
  /** Line numbers shown per reason. */
  linesPerReason: 10,
} as const;

/** What `audit` gathers from the results, batch by batch, for its report. */
export type AuditCollection = {
  /** The counts by verdict, reason and error. */
  summary: AuditSummary;
  /** The first line numbers of each invalid reason. */
  reasonLines: Map<string, number[]>;
  /** The first malformed lines, with their error. */
  malformedRows: { line: number; error: AuditErrorDescription }[];
  /** Every malformed line (`--json`). */
  malformedLines: number[];
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
    reasonLines: new Map(),
    malformedRows: [],
    malformedLines: [],
    format: "jsonl",
  };
}
