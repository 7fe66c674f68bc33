import type { Worker } from "node:worker_threads";
import type { AuditBatchRequest } from "./types.js";

/**
 * Posts a batch to a worker thread. Text is moved, not copied: its bytes are transferred, after
 * a copy of their own when they are a view of a larger buffer (a transfer takes the whole buffer,
 * which may be shared with more of the input).
 *
 * @param worker - The thread.
 * @param request - The batch. {@link AuditBatchRequest}
 * @returns Nothing.
 * @throws A DataCloneError for items that structured clone refuses (a function, a symbol); nothing is
 * posted then.
 * @example
 * postAuditRequest(thread.worker, toAuditBatchRequest(batch, seq))
 */
export function postAuditRequest(worker: Worker, request: AuditBatchRequest): void {
  if (request.kind === "text") {
    const { bytes } = request;
    const owned =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    worker.postMessage({ ...request, bytes: owned }, [owned.buffer as ArrayBuffer]);
  } else worker.postMessage(request);
}
