import type { AuditWorkerPool } from "./auditWorkerPool.js";
import { wakeAuditPool } from "./wakeAuditPool.js";

/**
 * Records a failure of the run (the first one wins) and wakes its loop, which throws it.
 *
 * @param pool - The run's state.
 * @param error - What the run rejects with (an AuditWorkerError, or the abort reason).
 * @returns Nothing. Never throws.
 * @example
 * failAuditPool(pool, new AuditWorkerError({ reason: "it exited with code 1" }))
 */
export function failAuditPool(pool: AuditWorkerPool, error: unknown): void {
  pool.failure ??= { error };
  wakeAuditPool(pool);
}
