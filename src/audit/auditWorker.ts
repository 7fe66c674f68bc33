import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import { type BatchVerifier, createBatchVerifier } from "./createBatchVerifier.js";
import { describeAuditError } from "./describeAuditError.js";
import { type AuditBatchRequest, type AuditBatchResponse, processAuditBatch } from "./processAuditBatch.js";
import type { AuditConfig, AuditErrorDescription, AuditOutput } from "./types.js";

/** What a worker posts back. */
export type AuditWorkerResponse =
  | { type: "ready" }
  | { type: "failed"; error: AuditErrorDescription }
  | { type: "batch"; response: AuditBatchResponse };

/** The key of `workerData` that marks an audit worker and carries its config. */
export const auditWorkerDataKey = "attestkitAudit";

/** What an audit worker is started with. */
export type AuditWorkerData = { config: AuditConfig; output: AuditOutput };

export type RunAuditWorkerParameters = AuditWorkerData & {
  /** Where batches arrive and results go (the worker's `parentPort`). */
  port: Pick<MessagePort, "on" | "postMessage">;
};

/**
 * Serves one audit worker: builds the batch verifier once (so a solver's key is learned once per
 * thread), posts `ready` (or `failed`), then answers each batch with its results.
 *
 * @param parameters - {@link RunAuditWorkerParameters}
 * @example
 * runAuditWorker({ port: parentPort, config: { engine: "native", solvers }, output: "notes" })
 */
export function runAuditWorker({ port, config, output }: RunAuditWorkerParameters): void {
  let verify: BatchVerifier;
  try {
    verify = createBatchVerifier(config);
  } catch (error) {
    port.postMessage({ type: "failed", error: describeAuditError(error) } satisfies AuditWorkerResponse);
    return;
  }
  port.on("message", (request: AuditBatchRequest) => {
    const response = processAuditBatch(request, verify, output);
    port.postMessage({ type: "batch", response } satisfies AuditWorkerResponse);
  });
  port.postMessage({ type: "ready" } satisfies AuditWorkerResponse);
}

// Started as a worker by startAuditWorker; imported anywhere else, this module does nothing.
const data = workerData as Record<string, AuditWorkerData | undefined> | null | undefined;
const ownData = data?.[auditWorkerDataKey];
if (parentPort && ownData) runAuditWorker({ port: parentPort, ...ownData });
