import type { AuditWorkerResponse } from "./auditWorker.js";
import type { AuditThread, AuditWorkerPool } from "./auditWorkerPool.js";
import { AuditWorkerError } from "./errors.js";
import { failAuditPool } from "./failAuditPool.js";
import { numberAuditRanges } from "./numberAuditRanges.js";
import { wakeAuditPool } from "./wakeAuditPool.js";

/**
 * Takes one message of a worker thread: a failure ends the run; a range's line ends let the
 * ranges after it be numbered; a batch's results wait for delivery in order.
 *
 * @param pool - The run's state.
 * @param thread - The thread that posted it (its load drops by one per batch answered).
 * @param message - What it posted. {@link AuditWorkerResponse}
 * @returns Nothing. Never throws: a failure is recorded as an AuditWorkerError for the run.
 * @example
 * worker.on("message", (message) => handleAuditThreadMessage(pool, thread, message))
 */
export function handleAuditThreadMessage(
  pool: AuditWorkerPool,
  thread: AuditThread,
  message: AuditWorkerResponse,
): void {
  if (message.type === "failed")
    failAuditPool(pool, new AuditWorkerError({ reason: `${message.error.name}: ${message.error.message}` }));
  else if (message.type === "lines") {
    const range = pool.ranges.get(message.seq);
    if (range) range.lineEnds = message.lineEnds;
    numberAuditRanges(pool);
  } else if (message.type === "batch") {
    thread.load--;
    pool.responses.set(message.response.seq, message.response);
    wakeAuditPool(pool);
  }
}
