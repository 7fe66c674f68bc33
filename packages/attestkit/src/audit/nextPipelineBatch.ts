import type { AuditBatch } from "./types.js";

/** The batches of a pipeline: those already read ahead, then the rest of the input. */
export type PipelineBatchSource = {
  /** The input's batches, in order. */
  readonly iterator: AsyncIterator<AuditBatch> | Iterator<AuditBatch>;
  /** Batches read ahead (to choose the number of threads), handed out first. */
  readonly ahead: AuditBatch[];
};

/**
 * The next batch of a pipeline's input: the oldest one read ahead, else the next from the input.
 *
 * @param source - The batches. {@link PipelineBatchSource}
 * @returns The iterator's step.
 * @throws What the input's iterator throws (for a reader: InvalidAuditInputError).
 * @example
 * const step = await nextPipelineBatch(source)
 */
export async function nextPipelineBatch(source: PipelineBatchSource): Promise<IteratorResult<AuditBatch>> {
  const batch = source.ahead.shift();
  return batch ? { done: false, value: batch } : source.iterator.next();
}
