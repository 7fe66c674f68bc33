import { InvalidAuditInputError } from "./errors.js";
import type { AuditBatch, AuditBatchResponse } from "./types.js";

/**
 * Hands one batch's results to the caller, or throws where the batch found the input unreadable.
 *
 * @param response - The batch's results, or where (line, byte offset) and why its input stops
 * being readable.
 * @param batch - The batch as read.
 * @param onBatch - The caller's handler.
 * @returns Nothing.
 * @throws InvalidAuditInputError for a failure, and what `onBatch` throws.
 * @example
 * deliverAuditResponse(reportAuditBatch(verified, line, "notes"), batch, onBatch)
 */
export function deliverAuditResponse(
  response: AuditBatchResponse,
  batch: AuditBatch,
  onBatch: (result: Extract<AuditBatchResponse, { count: number }>, batch: AuditBatch) => void,
): void {
  if ("failure" in response) {
    const { reason, problem, line, offset } = response.failure;
    throw new InvalidAuditInputError({ reason, message: problem, line, offset });
  }
  onBatch(response, batch);
}
