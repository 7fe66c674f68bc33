import type { AuditThread, AuditWorkerPool } from "./auditWorkerPool.js";

/**
 * Where the next batch goes: the least loaded thread (the first of equals), or a new one when
 * every thread is busy and fewer than `count` run; undefined when every thread holds
 * `queuePerWorker` batches already.
 *
 * @param pool - The threads, their loads and the limits.
 * @returns A thread, `"new"`, or undefined. Never throws.
 * @example
 * const picked = pickAuditThread(pool)
 */
export function pickAuditThread(pool: AuditWorkerPool): AuditThread | "new" | undefined {
  let least: AuditThread | undefined;
  for (const thread of pool.threads) if (least === undefined || thread.load < least.load) least = thread;
  if ((least === undefined || least.load > 0) && pool.threads.length < pool.count) return "new";
  return least !== undefined && least.load < pool.queuePerWorker ? least : undefined;
}
