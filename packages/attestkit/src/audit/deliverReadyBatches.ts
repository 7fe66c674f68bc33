import type { AuditWorkerPool } from "./auditWorkerPool.js";
import { deliverAuditResponse } from "./deliverAuditResponse.js";
import type { AuditBatch, AuditBatchResponse } from "./types.js";

/**
 * Delivers the results that are next in input order, as many as are back: a batch finished early
 * waits here for those before it.
 *
 * @param pool - The run's state: `delivered` moves on, delivered batches are dropped.
 * @param onBatch - The caller's handler.
 * @returns Nothing.
 * @throws InvalidAuditInputError where a batch found the input unreadable, and what `onBatch` throws.
 * @example
 * deliverReadyBatches(pool, onBatch)
 */
export function deliverReadyBatches(
  pool: AuditWorkerPool,
  onBatch: (result: Extract<AuditBatchResponse, { count: number }>, batch: AuditBatch) => void,
): void {
  const { responses, sent } = pool;
  for (let response = responses.get(pool.delivered); response; response = responses.get(pool.delivered)) {
    responses.delete(pool.delivered);
    const batch = sent.get(pool.delivered) as AuditBatch;
    sent.delete(pool.delivered);
    pool.delivered++;
    deliverAuditResponse(response, batch, onBatch);
  }
}
