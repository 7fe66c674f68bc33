import {
  type AuditInputBatch,
  type AuditInputSource,
  auditBatchBytes,
  readAuditInput,
} from "../../audit/readAuditInput.js";
import type { ResolvedAuditEngine } from "../../audit/types.js";
import type { AuditCollection } from "./createAuditCollection.js";

export type ReadAuditBatchesParameters = {
  /** The input's bytes. */
  source: AuditInputSource;
  /** The engine the batches are sized for. */
  engine: ResolvedAuditEngine;
  /** Where the input's layout is noted, as each batch finds it. {@link AuditCollection} */
  collection: AuditCollection;
};

/**
 * The input's batches, sized for the engine, noting the input's layout (JSON Lines or a JSON array)
 * in the collection as they are read, so the report names it.
 *
 * @param parameters - {@link ReadAuditBatchesParameters}
 * @returns The batches, in input order.
 * @example
 * await runAuditPipeline({ batches: readAuditBatches({ source, engine, collection }), workers, config, output, onBatch })
 */
export async function* readAuditBatches({
  source,
  engine,
  collection,
}: ReadAuditBatchesParameters): AsyncGenerator<AuditInputBatch> {
  for await (const batch of readAuditInput({ source, batchBytes: auditBatchBytes[engine] })) {
    collection.format = batch.format;
    yield batch;
  }
}
