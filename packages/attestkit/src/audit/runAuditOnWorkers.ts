import { createAuditWorkerPool } from "./createAuditWorkerPool.js";
import { deliverReadyBatches } from "./deliverReadyBatches.js";
import { dispatchAuditBatch } from "./dispatchAuditBatch.js";
import { failAuditPool } from "./failAuditPool.js";
import type { LocalAuditVerifier } from "./localAuditVerifier.js";
import { nextPipelineBatch, type PipelineBatchSource } from "./nextPipelineBatch.js";
import { pickAuditThread } from "./pickAuditThread.js";
import type { AuditBatch, AuditBatchResponse, AuditOutput } from "./types.js";

export type RunAuditOnWorkersParameters = {
  /** Threads to start at most (at least 1). */
  count: number;
  /** The batches. */
  source: PipelineBatchSource;
  /** This thread's verifier (with the workers' config), for a batch that cannot be posted. */
  local: LocalAuditVerifier;
  /** What each batch's results come back as. */
  output: AuditOutput;
  /** Called with each batch's results, in input order. */
  onBatch: (result: Extract<AuditBatchResponse, { count: number }>, batch: AuditBatch) => void;
  /** Batches queued per thread at most. */
  queuePerWorker: number;
  /** Batches per thread that may be out past the oldest one not yet delivered (at least `queuePerWorker`). */
  aheadPerWorker: number;
  /** Stops the run. */
  signal?: AbortSignal | undefined;
};

/**
 * Verifies the batches on worker threads and delivers the results in input order: what
 * `runAuditPipeline` does with workers. Each turn delivers what is ready, then sends the next
 * batch when there is room (at most `count x aheadPerWorker` out past the oldest undelivered, a
 * thread with room, and after the last range only once every range is done), else waits for a
 * thread. Threads start only when every running one is busy, and all are stopped at the end.
 *
 * @param parameters - {@link RunAuditOnWorkersParameters}
 * @returns The threads that ran.
 * @throws AuditWorkerError when a thread cannot start or dies, InvalidAuditInputError for input that
 * cannot be read, the abort reason, or what `onBatch` throws.
 * @example
 * const started = await runAuditOnWorkers({ count: 2, source, local, output, onBatch, queuePerWorker: 2, aheadPerWorker: 8 })
 */
export async function runAuditOnWorkers({
  count,
  source,
  local,
  output,
  onBatch,
  queuePerWorker,
  aheadPerWorker,
  signal,
}: RunAuditOnWorkersParameters): Promise<number> {
  const pool = createAuditWorkerPool({ count, config: local.config, output, queuePerWorker });
  const onAbort = () => failAuditPool(pool, signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    let ended = false;
    for (;;) {
      if (pool.failure) throw pool.failure.error;
      deliverReadyBatches(pool, onBatch);
      if (ended && pool.delivered === pool.nextSeq) return pool.threads.length;
      // Bounded: a batch finished early waits for those before it, and no more are read meanwhile.
      if (
        !ended &&
        (pool.lastOut
          ? pool.delivered === pool.nextSeq
          : pool.nextSeq - pool.delivered < count * aheadPerWorker && pickAuditThread(pool) !== undefined)
      ) {
        const step = await nextPipelineBatch(source);
        if (step.done) ended = true;
        else dispatchAuditBatch(pool, step.value, local);
        continue;
      }
      await new Promise<void>((resolve) => {
        pool.wake = resolve;
      });
    }
  } finally {
    pool.finishing = true;
    signal?.removeEventListener("abort", onAbort);
    await Promise.allSettled(pool.threads.map(({ worker }) => worker.terminate()));
    for (const { lines } of pool.threads) lines.close();
  }
}
