import type { Worker } from "node:worker_threads";
import type { AuditWorkerRequest, AuditWorkerResponse } from "./auditWorker.js";
import type { EntryVerifier } from "./createEntryVerifier.js";
import { AuditWorkerError } from "./errors.js";
import { startAuditWorker } from "./startAuditWorker.js";
import type { AuditAttestation, AuditConfig, AuditEntryResult } from "./types.js";

export type RunAuditWorkersParameters = {
  attestations: readonly AuditAttestation[];
  /** Where each entry's result is written, by index. */
  results: AuditEntryResult[];
  /** `[start, end)` index ranges, handed to whichever worker is free. */
  chunks: readonly (readonly [start: number, end: number])[];
  /** Threads to start (at most one per chunk). */
  workers: number;
  config: AuditConfig;
  /** Verifies in this thread the chunks that cannot be posted (values structured clone refuses). */
  local: () => EntryVerifier;
  /** Called with the number of entries just finished. */
  onDone: (count: number) => void;
  signal?: AbortSignal | undefined;
};

/**
 * Verifies chunks on worker threads, each worker taking the next chunk as soon as it is free, and
 * stops every worker when the work is done, one fails, or `signal` aborts.
 *
 * @param parameters - {@link RunAuditWorkersParameters}
 * @returns Resolves when every result is written and every worker has stopped.
 * @throws AuditWorkerError when a worker cannot start or dies; the abort reason on abort.
 * @example
 * await runAuditWorkers({ attestations, results, chunks, workers: 2, config, local, onDone })
 */
export function runAuditWorkers({
  attestations,
  results,
  chunks,
  workers: count,
  config,
  local,
  onDone,
  signal,
}: RunAuditWorkersParameters): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const total = chunks.reduce((sum, [start, end]) => sum + end - start, 0);
    const workers: Worker[] = [];
    let next = 0;
    let done = 0;
    let settled = false;

    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      void Promise.allSettled(workers.map((worker) => worker.terminate())).then(() =>
        error === undefined ? resolve() : reject(error),
      );
    };
    const onAbort = () => finish(signal?.reason);
    const complete = (count: number) => {
      done += count;
      try {
        onDone(count);
      } catch (error) {
        return finish(error);
      }
      if (done === total) finish();
    };
    const feed = (worker: Worker) => {
      while (!settled && next < chunks.length) {
        const [start, end] = chunks[next++] as readonly [number, number];
        const request: AuditWorkerRequest = { start, attestations: attestations.slice(start, end) };
        try {
          worker.postMessage(request);
          return;
        } catch {
          // Not cloneable (a function, a symbol): verify this chunk here, then try the next.
          const verify = local();
          for (let i = start; i < end; i++) results[i] = verify(attestations[i] as AuditAttestation);
          complete(end - start);
        }
      }
    };

    if (signal?.aborted) return finish(signal.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    if (total === 0) return finish();
    for (let i = 0; i < count; i++) {
      const worker = startAuditWorker({ config });
      workers.push(worker);
      worker.on("message", (message: AuditWorkerResponse) => {
        if (settled) return;
        if (message.type === "ready") return feed(worker);
        if (message.type === "failed")
          return finish(new AuditWorkerError({ reason: `${message.error.name}: ${message.error.message}` }));
        message.results.forEach((result, j) => {
          results[message.start + j] = result;
        });
        complete(message.results.length);
        feed(worker);
      });
      worker.on("error", (error) => finish(new AuditWorkerError({ reason: error.message, cause: error })));
      worker.on("exit", (code) => finish(new AuditWorkerError({ reason: `it exited with code ${code}` })));
    }
  });
}
