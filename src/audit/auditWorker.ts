import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import { createEntryVerifier } from "./createEntryVerifier.js";
import { describeAuditError } from "./describeAuditError.js";
import type { AuditAttestation, AuditConfig, AuditEntryResult, AuditErrorDescription } from "./types.js";

/** A chunk of entries sent to a worker; `start` is the index of its first entry. */
export type AuditWorkerRequest = { start: number; attestations: AuditAttestation[] };

/** What a worker posts back. */
export type AuditWorkerResponse =
  | { type: "ready" }
  | { type: "failed"; error: AuditErrorDescription }
  | { type: "results"; start: number; results: AuditEntryResult[] };

/** The key of `workerData` that marks an audit worker and carries its config. */
export const auditWorkerDataKey = "attestkitAudit";

export type RunAuditWorkerParameters = {
  /** Where chunks arrive and results go (the worker's `parentPort`). */
  port: Pick<MessagePort, "on" | "postMessage">;
  /** How to verify. */
  config: AuditConfig;
};

/**
 * Serves one audit worker: builds the entry verifier once (so a solver's key is learned once per
 * thread), posts `ready` (or `failed`), then answers each chunk with its results.
 *
 * @param parameters - {@link RunAuditWorkerParameters}
 * @example
 * runAuditWorker({ port: parentPort, config: { engine: "native", solvers } })
 */
export function runAuditWorker({ port, config }: RunAuditWorkerParameters): void {
  let verify: ReturnType<typeof createEntryVerifier>;
  try {
    verify = createEntryVerifier(config);
  } catch (error) {
    port.postMessage({ type: "failed", error: describeAuditError(error) } satisfies AuditWorkerResponse);
    return;
  }
  port.on("message", ({ start, attestations }: AuditWorkerRequest) => {
    const results = attestations.map((attestation) => verify(attestation));
    port.postMessage({ type: "results", start, results } satisfies AuditWorkerResponse);
  });
  port.postMessage({ type: "ready" } satisfies AuditWorkerResponse);
}

// Started as a worker by startAuditWorker; imported anywhere else, this module does nothing.
const data = workerData as Record<string, { config: AuditConfig } | undefined> | null | undefined;
const ownData = data?.[auditWorkerDataKey];
if (parentPort && ownData) runAuditWorker({ port: parentPort, config: ownData.config });
