import type { AuditWorkerPool } from "./auditWorkerPool.js";
import type { AuditConfig, AuditOutput } from "./types.js";

/**
 * A pool's state before its first thread starts: no thread, no batch out, numbering from line 1.
 *
 * @param parameters - Threads to start at most, how each verifies, what its results come back as,
 * and batches queued per thread at most.
 * @returns The state the run's steps share. {@link AuditWorkerPool}
 * @example
 * const pool = createAuditWorkerPool({ count: 4, config, output: "notes", queuePerWorker: 2 })
 */
export function createAuditWorkerPool({
  count,
  config,
  output,
  queuePerWorker,
}: {
  count: number;
  config: AuditConfig;
  output: AuditOutput;
  queuePerWorker: number;
}): AuditWorkerPool {
  return {
    count,
    config,
    output,
    queuePerWorker,
    threads: [],
    sent: new Map(),
    responses: new Map(),
    ranges: new Map(),
    numbered: 0,
    nextLine: 1,
    nextSeq: 0,
    delivered: 0,
    lastOut: false,
    finishing: false,
    failure: undefined,
    wake: undefined,
  };
}
