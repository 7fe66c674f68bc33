import { availableParallelism } from "node:os";
import type { AuditBatch } from "./types.js";

/** What reading ahead found. */
export type AutoWorkerCountReturnType = {
  /** The batches read, to be verified first. */
  ahead: AuditBatch[];
  /** Worker threads to start at most: 0 (this thread) or one per core. */
  count: number;
};

/**
 * The threads for `workers: "auto"`: reads ahead until the input is known to hold at least
 * `threshold` entries, or has ended (a last range ends it too: the batch after it is asked for
 * only once the ranges are done); a smaller input stays in this thread, since starting threads
 * would cost more than they save.
 *
 * @param iterator - The input's batches.
 * @param threshold - Entries (batch sizes summed) from which threads are worth starting.
 * @returns The batches read and the thread count. {@link AutoWorkerCountReturnType}
 * @throws What the iterator throws.
 * @example
 * const { ahead, count } = await autoWorkerCount(iterator, 512)
 */
export async function autoWorkerCount(
  iterator: AsyncIterator<AuditBatch> | Iterator<AuditBatch>,
  threshold: number,
): Promise<AutoWorkerCountReturnType> {
  const ahead: AuditBatch[] = [];
  let size = 0;
  while (size < threshold) {
    const step = await iterator.next();
    if (step.done) break;
    ahead.push(step.value);
    size += step.value.size;
    if (step.value.kind === "range" && step.value.last) break;
  }
  return { ahead, count: size < threshold ? 0 : availableParallelism() };
}
