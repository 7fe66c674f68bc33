import { availableParallelism } from "node:os";
import { MessageChannel, type MessagePort, type Worker } from "node:worker_threads";
import type { AuditRangeLine, AuditWorkerRequest, AuditWorkerResponse } from "./auditWorker.js";
import { type BatchVerifier, createBatchVerifier } from "./createBatchVerifier.js";
import { AuditWorkerError, InvalidAuditInputError } from "./errors.js";
import { loadGeneratorTable } from "./internal/generatorTable.js";
import { processAuditBatch } from "./processAuditBatch.js";
import { reportAuditBatch } from "./reportAuditBatch.js";
import { startAuditWorker } from "./startAuditWorker.js";
import type { AuditBatch, AuditBatchRequest, AuditBatchResponse, AuditConfig, AuditOutput } from "./types.js";
import { verifyAuditBatch } from "./verifyAuditBatch.js";

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
  const iterator = (
    Symbol.asyncIterator in batches
      ? (batches as AsyncIterable<AuditPipelineBatch>)[Symbol.asyncIterator]()
      : (batches as Iterable<AuditPipelineBatch>)[Symbol.iterator]()
  ) as AsyncIterator<AuditPipelineBatch> | Iterator<AuditPipelineBatch>;
  let local: BatchVerifier | undefined;
  const verifyHere = () => {
    local ??= createBatchVerifier(config);
    return local;
  };
  try {
    // `auto`: look ahead until the input is known to be large, or has ended (a last range ends
    // it too: the batch after it is asked for only once the ranges are done).
    const ahead: AuditPipelineBatch[] = [];
    let count = workers === "auto" ? 0 : workers;
    if (workers === "auto") {
      let size = 0;
      while (size < threshold) {
        const step = await iterator.next();
        if (step.done) break;
        ahead.push(step.value);
        size += step.value.size;
        if (isLastRange(step.value)) break;
      }
      count = size < threshold ? 0 : availableParallelism();
    }
    const next = async (): Promise<IteratorResult<AuditPipelineBatch>> => {
      const batch = ahead.shift();
      return batch ? { done: false, value: batch } : iterator.next();
    };
    const deliver = (response: AuditBatchResponse, batch: AuditPipelineBatch) => {
      if ("failure" in response) {
        const { reason, problem, line, offset } = response.failure;
        throw new InvalidAuditInputError({ reason, message: problem, line, offset });
      }
      onBatch(response, batch);
    };

    if (count === 0) {
      // The noble engine's table of G, for this thread (workers load their own).
      if (config.engine === "noble") await loadGeneratorTable();
      // The line the next range starts on.
      let line = 1;
      for (let seq = 0; ; seq++) {
        const step = await next();
        if (step.done) break;
        const batch = step.value;
        const verified = verifyAuditBatch(toRequest(batch, seq), verifyHere(), output);
        const first = batch.kind === "range" ? line : batch.kind === "text" ? batch.line : undefined;
        line += verified.lineEnds ?? 0;
        deliver(reportAuditBatch(verified, first, output), batch);
        // Between batches, let timers, I/O and an abort through.
        await new Promise((resolve) => setImmediate(resolve));
        signal?.throwIfAborted();
      }
      return { workers: 0 };
    }
    const started = await runOnWorkers({
      count,
      next,
      deliver,
      verifyHere,
      config,
      output,
      queuePerWorker,
      aheadPerWorker: Math.max(queuePerWorker, aheadPerWorker),
      signal,
    });
    return { workers: started };
  } finally {
    await iterator.return?.();
  }
}

async function runOnWorkers({
  count,
  next,
  deliver,
  verifyHere,
  config,
  output,
  queuePerWorker,
  aheadPerWorker,
  signal,
}: {
  count: number;
  next: () => Promise<IteratorResult<AuditPipelineBatch>>;
  deliver: (response: AuditBatchResponse, batch: AuditPipelineBatch) => void;
  verifyHere: () => BatchVerifier;
  config: AuditConfig;
  output: AuditOutput;
  queuePerWorker: number;
  aheadPerWorker: number;
  signal?: AbortSignal | undefined;
}): Promise<number> {
  // `lines`: where the thread is told the line each of its ranges starts on.
  type Thread = { worker: Worker; load: number; lines: MessagePort };
  const threads: Thread[] = [];
  const sent = new Map<number, AuditPipelineBatch>();
  const responses = new Map<number, AuditBatchResponse>();
  // Ranges out, by sequence number: the thread reading each and, once it has read it, its line
  // ends. `numbered` ranges (and the batches between them) have been told their first line.
  const ranges = new Map<number, { thread: Thread; lineEnds?: number }>();
  let numbered = 0;
  let nextLine = 1;
  let nextSeq = 0;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const fail = (error: unknown) => {
    failure ??= { error };
    notify();
  };
  const onAbort = () => fail(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  let finishing = false;
  try {
    // Tells each range whose ranges before it have all been read the line it starts on.
    const numberRanges = () => {
      for (; numbered < nextSeq; numbered++) {
        const range = ranges.get(numbered);
        if (range === undefined) continue;
        if (range.lineEnds === undefined) return;
        range.thread.lines.postMessage({
          kind: "line",
          seq: numbered,
          line: nextLine,
        } satisfies AuditRangeLine);
        nextLine += range.lineEnds;
        ranges.delete(numbered);
      }
    };
    const startThread = () => {
      const worker = startAuditWorker({ config, output });
      const { port1, port2 } = new MessageChannel();
      worker.postMessage({ kind: "linePort", port: port2 } satisfies AuditWorkerRequest, [port2]);
      const thread: Thread = { worker, load: 0, lines: port1 };
      threads.push(thread);
      worker.on("message", (message: AuditWorkerResponse) => {
        if (message.type === "failed")
          fail(new AuditWorkerError({ reason: `${message.error.name}: ${message.error.message}` }));
        else if (message.type === "lines") {
          const range = ranges.get(message.seq);
          if (range) range.lineEnds = message.lineEnds;
          numberRanges();
        } else if (message.type === "batch") {
          thread.load--;
          responses.set(message.response.seq, message.response);
          notify();
        }
      });
      worker.on("error", (error) => fail(new AuditWorkerError({ reason: error.message, cause: error })));
      worker.on("exit", (code) => {
        if (!finishing) fail(new AuditWorkerError({ reason: `it exited with code ${code}` }));
      });
      return thread;
    };
    // The least loaded thread, or a new one when every thread is busy and more may start.
    const pick = () => {
      const least = threads.reduce<(typeof threads)[number] | undefined>(
        (best, thread) => (best === undefined || thread.load < best.load ? thread : best),
        undefined,
      );
      if ((least === undefined || least.load > 0) && threads.length < count) return "new" as const;
      return least !== undefined && least.load < queuePerWorker ? least : undefined;
    };

    let delivered = 0;
    let ended = false;
    // Set once the last range is out: the next batch is asked for only when every range is done.
    let lastOut = false;
    for (;;) {
      if (failure) throw failure.error;
      for (let response = responses.get(delivered); response; response = responses.get(delivered)) {
        responses.delete(delivered);
        const batch = sent.get(delivered) as AuditPipelineBatch;
        sent.delete(delivered);
        delivered++;
        deliver(response, batch);
      }
      if (ended && delivered === nextSeq) return threads.length;
      // Bounded: a batch finished early waits for those before it, and no more are read meanwhile.
      if (
        !ended &&
        (lastOut
          ? delivered === nextSeq
          : nextSeq - delivered < count * aheadPerWorker && pick() !== undefined)
      ) {
        const step = await next();
        if (step.done) ended = true;
        else {
          const picked = pick();
          const free =
            picked === "new" ? startThread() : (picked ?? (threads[0] as (typeof threads)[number]));
          const seq = nextSeq++;
          const batch = step.value;
          sent.set(seq, batch);
          if (batch.kind === "range") {
            ranges.set(seq, { thread: free });
            lastOut = batch.last;
          }
          const request = toRequest(batch, seq);
          try {
            if (request.kind === "text") {
              const { bytes } = request;
              const owned =
                bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
                  ? bytes
                  : bytes.slice();
              free.worker.postMessage({ ...request, bytes: owned }, [owned.buffer as ArrayBuffer]);
            } else free.worker.postMessage(request);
            free.load++;
          } catch {
            // Not cloneable (a function, a symbol): verify this batch here (never a range).
            responses.set(seq, processAuditBatch(request, verifyHere(), output));
          }
        }
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    finishing = true;
    signal?.removeEventListener("abort", onAbort);
    await Promise.allSettled(threads.map(({ worker }) => worker.terminate()));
    for (const { lines } of threads) lines.close();
  }
}

const isLastRange = (batch: AuditPipelineBatch) => batch.kind === "range" && batch.last;

// Only what the worker needs (a batch may carry more, such as the reader's progress).
function toRequest(batch: AuditPipelineBatch, seq: number): AuditBatchRequest {
  switch (batch.kind) {
    case "text":
      return { seq, kind: "text", bytes: batch.bytes, line: batch.line, offset: batch.offset };
    case "items":
      return { seq, kind: "items", items: batch.items, lines: batch.lines };
    case "range": {
      const { fd, start, end, first, last, maxEntryBytes } = batch;
      return { seq, kind: "range", fd, start, end, first, last, maxEntryBytes };
    }
  }
}
