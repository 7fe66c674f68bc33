export type AuditJsonLinesParameters = {
  /** The batch's rows, joined by `,\n`. */
  json: string;
  /** Entries in the batch. */
  count: number;
  /** The object's head (file, format, version, solvers, engine) before the first batch; undefined after. */
  head: Record<string, unknown> | undefined;
};

/**
 * The lines `audit --json` prints for one batch: the object's head and its `results` array opened
 * before the first one, a comma before the rows of every later one. One row a line: the terminal Io
 * escapes what it writes line by line, and a raw newline can only be a row separator (JSON escapes
 * those inside strings).
 *
 * @param parameters - {@link AuditJsonLinesParameters}
 * @returns The lines.
 * @example
 * for (const line of auditJsonLines({ json: result.json, count: result.count, head })) io.out(line)
 */
export function auditJsonLines({ json, count, head }: AuditJsonLinesParameters): string[] {
  const rows = json.split("\n");
  const lines: string[] = [];
  if (head) lines.push(`${JSON.stringify(head).slice(0, -1)},"results":[`);
  else if (count > 0) rows[0] = `,${rows[0]}`;
  if (count > 0 || rows[0] !== "") lines.push(...rows);
  return lines;
}
