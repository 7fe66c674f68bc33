import { autoWorkerCount } from "./autoWorkerCount.js";
import type { AuditWorkerError, InvalidAuditInputError } from "./errors.js";
import { iteratorOf } from "./iteratorOf.js";
import type { LocalAuditVerifier } from "./localAuditVerifier.js";
import type { PipelineBatchSource } from "./nextPipelineBatch.js";
import { runAuditOnWorkers } from "./runAuditOnWorkers.js";
import type { AuditBatch, AuditBatchResponse, AuditConfig, AuditOutput } from "./types.js";
import { verifyAuditHere } from "./verifyAuditHere.js";

/** A batch as the pipeline takes it. */
export type AuditPipelineBatch = AuditBatch;

/** A batch's results, delivered in input order. */
export type AuditPipelineResult = Extract<AuditBatchResponse, { count: number }>;

export type RunAuditPipelineParameters = {
  /** The batches, in input order; read only as fast as they are verified. */
  batches: AsyncIterable<AuditPipelineBatch> | Iterable<AuditPipelineBatch>;
  /**
   * Worker threads, at most; 0 verifies in this thread. A thread starts only when a batch finds
   * every running thread busy, so there are never more threads than batches. `auto`: this thread
   * when the whole input holds fewer than `threshold` entries (starting threads would cost more),
   * else up to one thread per core.
   */
  workers: number | "auto";
  /** How every thread verifies. */
  config: AuditConfig;
  /** What each batch's results come back as. */
  output: AuditOutput;
  /** Called with each batch's results, in input order. Throwing stops the run. */
  onBatch: (result: AuditPipelineResult, batch: AuditPipelineBatch) => void;
  /** Entries below which `auto` stays in this thread (default 512). */
  threshold?: number | undefined;
  /** Batches queued per worker (default 2: one running, one waiting, so no worker idles). */
  queuePerWorker?: number | undefined;
  /**
   * Batches per worker that may be out past the oldest one not yet delivered (default: 8 for
   * output `notes`, whose results are a few notes each, else `queuePerWorker`). Results are
   * delivered in order, so a batch that takes longer than its neighbours holds back those after
   * it; room for a few finished ones keeps the other workers busy meanwhile.
   */
  aheadPerWorker?: number | undefined;
  /** Stops the run: the promise rejects with the signal's reason and every worker stops. */
  signal?: AbortSignal | undefined;
};

export type RunAuditPipelineReturnType = {
  /** Worker threads that ran (0: this thread). */
  workers: number;
};

export type RunAuditPipelineErrorType = AuditWorkerError | InvalidAuditInputError;

/**
 * Verifies a stream of batches on worker threads (or in this thread) and delivers the results in
 * input order. A worker holds at most `queuePerWorker` batches, at most `workers x aheadPerWorker`
 * are out at once and a finished batch waits only for those before it, so memory stays bounded
 * however long the input is. A batch
 * whose entries cannot be posted (values structured clone refuses) is verified in this thread.
 * Ranges of a file are read by the thread that verifies them; this thread only numbers their
 * lines (from the line ends each thread reports as soon as it has read its range) and merges the
 * results, and it asks for the batch after the last range only once every range is done with the
 * file, so the reader may close it then.
 *
 * @param parameters - {@link RunAuditPipelineParameters}
 * @returns The threads that ran. {@link RunAuditPipelineReturnType}
 * @throws InvalidAuditInputError for input that cannot be read (what the reader or a batch finds),
 * AuditWorkerError when a worker cannot start or dies, the abort reason, or what `onBatch` throws.
 * @example
 * await runAuditPipeline({ batches, workers: 2, config, output: "notes", onBatch: (r) => count(r) })
 */
export async function runAuditPipeline({
  batches,
  workers,
  config,
  output,
  onBatch,
  threshold = 512,
  queuePerWorker = 2,
  aheadPerWorker = output === "notes" ? 4 * queuePerWorker : queuePerWorker,
  signal,
}: RunAuditPipelineParameters): Promise<RunAuditPipelineReturnType> {
  signal?.throwIfAborted();
  const iterator = iteratorOf(batches);
  const local: LocalAuditVerifier = { config };
  try {
    const { ahead, count } =
      workers === "auto" ? await autoWorkerCount(iterator, threshold) : { ahead: [], count: workers };
    const source: PipelineBatchSource = { iterator, ahead };
    if (count === 0) {
      await verifyAuditHere({ source, local, output, onBatch, signal });
      return { workers: 0 };
    }
    const started = await runAuditOnWorkers({
      count,
      source,
      local,
      output,
      onBatch,
      queuePerWorker,
      aheadPerWorker: Math.max(queuePerWorker, aheadPerWorker),
      signal,
    });
    return { workers: started };
  } finally {
    await iterator.return?.();
  }
}
