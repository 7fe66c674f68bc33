import type { AuditWorkerPool } from "./auditWorkerPool.js";

/**
 * Resumes the pool's loop if it is waiting (for a result, a range's lines or a failure); the
 * waker is taken first, so a second call before the loop waits again does nothing.
 *
 * @param pool - The run's state.
 * @returns Nothing. Never throws.
 * @example
 * wakeAuditPool(pool)
 */
export function wakeAuditPool(pool: AuditWorkerPool): void {
  const resolve = pool.wake;
  pool.wake = undefined;
  resolve?.();
}
