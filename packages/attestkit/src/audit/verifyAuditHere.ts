import { deliverAuditResponse } from "./deliverAuditResponse.js";
import { type LocalAuditVerifier, localAuditVerifier } from "./localAuditVerifier.js";
import { nextPipelineBatch, type PipelineBatchSource } from "./nextPipelineBatch.js";
import { reportAuditBatch } from "./reportAuditBatch.js";
import { toAuditBatchRequest } from "./toAuditBatchRequest.js";
import type { AuditBatch, AuditBatchResponse, AuditOutput } from "./types.js";
import { verifyAuditBatch } from "./verifyAuditBatch.js";

export type VerifyAuditHereParameters = {
  /** The batches. */
  source: PipelineBatchSource;
  /** This thread's verifier, built on first use. */
  local: LocalAuditVerifier;
  /** What each batch's results come back as. */
  output: AuditOutput;
  /** Called with each batch's results, in input order. */
  onBatch: (result: Extract<AuditBatchResponse, { count: number }>, batch: AuditBatch) => void;
  /** Stops the run between batches. */
  signal?: AbortSignal | undefined;
};

/**
 * Verifies every batch in this thread, in order: what `runAuditPipeline` does with no workers.
 * Ranges are numbered as they are read (each starts on the line after the previous one's line
 * ends); text batches carry their first line; items their own lines. Between batches, timers, I/O
 * and an abort get through.
 *
 * @param parameters - {@link VerifyAuditHereParameters}
 * @returns When the input has ended.
 * @throws InvalidAuditInputError for input that cannot be read, the abort reason, and what `onBatch` or
 * the verifier's construction throws.
 * @example
 * await verifyAuditHere({ source, local, output: "notes", onBatch })
 */
export async function verifyAuditHere({
  source,
  local,
  output,
  onBatch,
  signal,
}: VerifyAuditHereParameters): Promise<void> {
  // The line the next range starts on.
  let line = 1;
  for (let seq = 0; ; seq++) {
    const step = await nextPipelineBatch(source);
    if (step.done) return;
    const batch = step.value;
    const verified = verifyAuditBatch(toAuditBatchRequest(batch, seq), localAuditVerifier(local), output);
    const first = batch.kind === "range" ? line : batch.kind === "text" ? batch.line : undefined;
    line += verified.lineEnds ?? 0;
    deliverAuditResponse(reportAuditBatch(verified, first, output), batch, onBatch);
    await new Promise((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
  }
}
