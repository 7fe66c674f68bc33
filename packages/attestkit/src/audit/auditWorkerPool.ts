import type { MessagePort, Worker } from "node:worker_threads";
import type { AuditBatch, AuditBatchResponse, AuditConfig, AuditOutput } from "./types.js";

/** A worker thread of a pool. */
export type AuditThread = {
  /** The thread. */
  worker: Worker;
  /** Batches sent to it and not yet answered. */
  load: number;
  /** Where the thread is told the line each of its ranges starts on. */
  lines: MessagePort;
};

/**
 * The state of a run on worker threads, shared by its steps (`runAuditOnWorkers` and the
 * functions it calls): the threads, the batches out, and where numbering and delivery stand.
 */
export type AuditWorkerPool = {
  /** Threads to start at most. */
  readonly count: number;
  /** How every thread verifies. */
  readonly config: AuditConfig;
  /** What each batch's results come back as. */
  readonly output: AuditOutput;
  /** Batches queued per thread at most. */
  readonly queuePerWorker: number;
  /** The threads started, in order. */
  readonly threads: AuditThread[];
  /** Batches out, by sequence number, until delivered. */
  readonly sent: Map<number, AuditBatch>;
  /** Results back and not yet delivered, by sequence number. */
  readonly responses: Map<number, AuditBatchResponse>;
  /**
   * Ranges out, by sequence number: the thread reading each and, once it has read it, its line
   * ends. Dropped once the range is told its first line.
   */
  readonly ranges: Map<number, { thread: AuditThread; lineEnds?: number }>;
  /** Ranges (and the batches between them) below this sequence number have been told their line. */
  numbered: number;
  /** The line the next range to be numbered starts on. */
  nextLine: number;
  /** The sequence number of the next batch sent. */
  nextSeq: number;
  /** Batches delivered, in order: the sequence number of the next to deliver. */
  delivered: number;
  /** Set once the last range is out: the next batch is asked for only when every range is done. */
  lastOut: boolean;
  /** Set once the run ends: a thread exiting then is no failure. */
  finishing: boolean;
  /** The first failure (a thread's, or the abort), thrown by the run's loop. */
  failure: { error: unknown } | undefined;
  /** Resumes the run's loop, when it waits. */
  wake: (() => void) | undefined;
};
