import type { BatchVerifier } from "./createBatchVerifier.js";
import { reportAuditBatch } from "./reportAuditBatch.js";
import type { AuditBatchRequest, AuditBatchResponse, AuditOutput } from "./types.js";
import { verifyAuditBatch } from "./verifyAuditBatch.js";

/**
 * Verifies one batch where it runs (a worker or this thread), start to end: reads a range of the
 * file or takes JSON Lines text, verifies every entry, and returns the results as asked. A line
 * that is not JSON is a malformed entry; bytes that are not text (or a line over the limit) end
 * the batch with a `failure`. The two halves are `verifyAuditBatch` and `reportAuditBatch`.
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
  const line = request.kind === "items" ? undefined : request.line;
  return reportAuditBatch(verifyAuditBatch(request, verify, output), line, output);
}
