import type { AuditThread, AuditWorkerPool } from "./auditWorkerPool.js";
import { type LocalAuditVerifier, localAuditVerifier } from "./localAuditVerifier.js";
import { pickAuditThread } from "./pickAuditThread.js";
import { postAuditRequest } from "./postAuditRequest.js";
import { processAuditBatch } from "./processAuditBatch.js";
import { startAuditThread } from "./startAuditThread.js";
import { toAuditBatchRequest } from "./toAuditBatchRequest.js";
import type { AuditBatch } from "./types.js";

/**
 * Sends the next batch out: to the thread `pickAuditThread` names (a new one if it says so, else
 * the first when all are full, which happens only for the batch after the last range), numbered
 * with the next sequence number. A range is noted for numbering. A batch whose entries cannot be
 * posted (values structured clone refuses) is verified here instead; that is never a range.
 *
 * @param pool - The run's state.
 * @param batch - The batch.
 * @param local - This thread's verifier, built only if a batch must be verified here.
 * @returns Nothing.
 * @throws Only what building this thread's verifier throws.
 * @example
 * dispatchAuditBatch(pool, step.value, local)
 */
export function dispatchAuditBatch(
  pool: AuditWorkerPool,
  batch: AuditBatch,
  local: LocalAuditVerifier,
): void {
  const picked = pickAuditThread(pool);
  const free = picked === "new" ? startAuditThread(pool) : (picked ?? (pool.threads[0] as AuditThread));
  const seq = pool.nextSeq++;
  pool.sent.set(seq, batch);
  if (batch.kind === "range") {
    pool.ranges.set(seq, { thread: free });
    pool.lastOut = batch.last;
  }
  const request = toAuditBatchRequest(batch, seq);
  try {
    postAuditRequest(free.worker, request);
    free.load++;
  } catch {
    pool.responses.set(seq, processAuditBatch(request, localAuditVerifier(local), pool.output));
  }
}
