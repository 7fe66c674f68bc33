import type { BatchVerifier } from "./createBatchVerifier.js";
import { InvalidAuditInputError } from "./errors.js";
import { parseAuditLines } from "./internal/parseAuditLines.js";
import type { AuditBatch, AuditEntryResult, AuditErrorDescription, AuditNote, AuditOutput } from "./types.js";

/** A batch to verify, numbered, without its size (the worker counts for itself). */
export type AuditBatchRequest =
  | ({ seq: number } & Omit<Extract<AuditBatch, { kind: "text" }>, "size">)
  | ({ seq: number } & Omit<Extract<AuditBatch, { kind: "items" }>, "size">);

/** A batch's results, in the form the run asked for. */
export type AuditBatchResponse =
  | {
      seq: number;
      /** Entries in the batch. */
      count: number;
      /** Each entry's line, when known (output `results` only: notes and rows carry their own). */
      lines: number[] | undefined;
      /** Every result (output `results`). */
      results?: AuditEntryResult[];
      /** Every result as a JSON row, rows joined by `,\n` (output `json`). */
      json?: string;
      /** The entries that are not valid. */
      notes: AuditNote[];
    }
  | {
      seq: number;
      /** The input cannot be read from this batch on: the error's parts, to be rebuilt. */
      failure: Pick<InvalidAuditInputError, "reason" | "problem" | "line" | "offset">;
    };

/**
 * Verifies one batch where it runs (a worker or this thread): reads JSON Lines text, verifies
 * every entry, and returns the results as asked. A line that is not JSON is a malformed entry;
 * bytes that are not text end the batch with a `failure`.
 *
 * @param request - {@link AuditBatchRequest}
 * @param verify - The batch verifier.
 * @param output - What to return. {@link AuditOutput}
 * @returns The batch's response. {@link AuditBatchResponse}
 */
export function processAuditBatch(
  request: AuditBatchRequest,
  verify: BatchVerifier,
  output: AuditOutput,
): AuditBatchResponse {
  let values: readonly unknown[];
  let lines: readonly number[] | undefined;
  let problems: Map<number, AuditErrorDescription> | undefined;
  if (request.kind === "text") {
    try {
      ({ values, lines, problems } = parseAuditLines(request));
    } catch (error) {
      if (!(error instanceof InvalidAuditInputError)) throw error;
      const { reason, problem, line, offset } = error;
      return { seq: request.seq, failure: { reason, problem, line, offset } };
    }
  } else ({ items: values, lines } = request);

  const results = verify(values, { hashes: output !== "notes" });
  if (problems) for (const [index, error] of problems) results[index] = { valid: false, signer: null, error };
  const notes: AuditNote[] = [];
  for (const [index, result] of results.entries()) {
    const line = lines?.[index];
    const at = line === undefined ? { index } : { index, line };
    if ("error" in result) notes.push({ ...at, error: result.error });
    else if (!result.valid) notes.push({ ...at, ...(result.reason ? { reason: result.reason } : {}) });
  }
  const response = {
    seq: request.seq,
    count: results.length,
    lines: lines && output === "results" ? [...lines] : undefined,
    notes,
  };
  if (output === "results") return { ...response, results };
  if (output === "notes") return response;
  const rows = results.map((result, index) => {
    const value = values[index] as { requestId?: unknown } | null | undefined;
    const requestId = typeof value === "object" && value !== null ? value.requestId : undefined;
    return JSON.stringify({
      ...(lines ? { line: lines[index] } : {}),
      ...(typeof requestId === "string" ? { requestId } : {}),
      ...result,
    });
  });
  return { ...response, json: rows.join(",\n") };
}
