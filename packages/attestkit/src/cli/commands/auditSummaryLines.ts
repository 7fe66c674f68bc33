import type { AttestationVersion } from "../../attestation/types.js";
import type { ResolvedAuditEngine } from "../../audit/types.js";
import { plural } from "../plural.js";
import { type Line, styled } from "../styledText.js";
import { type AuditCollection, auditListLimits } from "./createAuditCollection.js";
import { formatEntryList } from "./formatEntryList.js";
import { formatEntryPlace } from "./formatEntryPlace.js";

export type AuditSummaryLinesParameters = {
  /** The input, as given (`-` for standard input). */
  file: string;
  version: AttestationVersion;
  /** The recovery engine that ran. */
  engine: ResolvedAuditEngine;
  solvers: readonly string[];
  /** How long the audit took, ms. */
  elapsedMs: number;
  /** Worker threads that ran (0: this thread). */
  workers: number;
  /** What the batches gave. {@link AuditCollection} */
  collection: AuditCollection;
};

/**
 * The text report of `audit`: what was audited and how, the counts with the first entries of each
 * invalid reason and the first malformed entries, and the verdict. An entry is named by its line,
 * and in a JSON array by its index there and its line (`.[5] (line 1)`).
 *
 * @param parameters - {@link AuditSummaryLinesParameters}
 * @returns The lines.
 * @example
 * for (const line of auditSummaryLines({ file, version, engine, solvers, elapsedMs, workers, collection })) io.out(line)
 */
export function auditSummaryLines({
  file,
  version,
  engine,
  solvers,
  elapsedMs,
  workers,
  collection: { summary, reasonEntries, malformedRows, format },
}: AuditSummaryLinesParameters): Line[] {
  const { malformed: listed, entriesPerReason } = auditListLimits;
  const seconds = (elapsedMs / 1000).toFixed(2);
  const lines: Line[] = [
    `audited      ${plural(summary.total, "entry", "entries")} of ${file} (${format}, ${version}) in ${seconds} s: ` +
      `${engine}, ${workers === 0 ? "this thread" : plural(workers, "worker")}`,
    `solvers      ${solvers.join(", ")}`,
    `valid        ${summary.valid}`,
    `invalid      ${summary.invalid}`,
  ];
  for (const [reason, count] of Object.entries(summary.reasons))
    lines.push(
      `  ${reason.padEnd(20)} ${String(count).padStart(6)}   ${formatEntryList(reasonEntries.get(reason) ?? [], count, entriesPerReason)}`,
    );
  lines.push(`malformed    ${summary.malformed}`);
  for (const { error, ...place } of malformedRows)
    lines.push(
      `  ${formatEntryPlace(place).padEnd(13)} ${error.name}${error.field ? ` (${error.field})` : ""}: ${error.message}`,
    );
  if (summary.malformed > listed)
    lines.push(`  ... and ${summary.malformed - listed} more (--json lists every entry)`);
  lines.push(
    summary.valid === summary.total
      ? ["verdict      ", styled("ALL VALID", "good")]
      : [
          "verdict      ",
          styled("NOT ALL VALID", "bad"),
          ` (${summary.total - summary.valid} of ${summary.total})`,
        ],
  );
  return lines;
}
