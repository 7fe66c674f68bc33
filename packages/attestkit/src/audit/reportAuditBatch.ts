import { describeAuditError } from "./describeAuditError.js";
import { InvalidAuditJsonError } from "./errors.js";
import type { AuditBatchResponse, AuditNote, AuditOutput } from "./types.js";
import type { VerifiedAuditBatch } from "./verifyAuditBatch.js";

/**
 * Reports a verified batch once the line its text starts on is known: numbers its lines, names
 * the lines that are not JSON, and returns the results as asked. An entry of a JSON array is also
 * named by its index there (the batch's first index, counted on), in its note and its JSON row.
 *
 * @param batch - {@link VerifiedAuditBatch}
 * @param line - The 1-based line the batch's text starts on (unused for items).
 * @param output - What to return. {@link AuditOutput}
 * @returns The batch's response. {@link AuditBatchResponse}
 * @example
 * reportAuditBatch(verifyAuditBatch(request, verify, "json"), 1201, "json") // { seq, count, json, notes }
 */
export function reportAuditBatch(
  batch: VerifiedAuditBatch,
  line: number | undefined,
  output: AuditOutput,
): AuditBatchResponse {
  const { seq } = batch;
  const shift = (line ?? 1) - 1;
  if ("failure" in batch) {
    const { failure } = batch;
    return {
      seq,
      failure: { ...failure, line: failure.line === undefined ? undefined : failure.line + shift },
    };
  }
  const { values, results, index: first } = batch;
  const lines =
    batch.relative && batch.lines && shift !== 0 ? batch.lines.map((at) => at + shift) : batch.lines;
  for (const index of batch.problems)
    results[index] = {
      valid: false,
      signer: null,
      error: describeAuditError(new InvalidAuditJsonError({ line: lines?.[index] as number })),
    };
  const notes: AuditNote[] = [];
  for (const [index, result] of results.entries()) {
    if (result.valid) continue;
    const note: AuditNote = { index };
    if (first !== undefined) note.arrayIndex = first + index;
    const at = lines?.[index];
    if (at !== undefined) note.line = at;
    if ("error" in result) note.error = result.error;
    else if (result.reason) note.reason = result.reason;
    notes.push(note);
  }
  const response = {
    seq,
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
      ...(first === undefined ? {} : { index: first + index }),
      ...(lines ? { line: lines[index] } : {}),
      ...(typeof requestId === "string" ? { requestId } : {}),
      ...result,
    });
  });
  return { ...response, json: rows.join(",\n") };
}
