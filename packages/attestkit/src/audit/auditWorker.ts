import { type MessagePort, parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import { type BatchVerifier, createBatchVerifier } from "./createBatchVerifier.js";
import { describeAuditError } from "./describeAuditError.js";
import { adoptGeneratorTable } from "./internal/adoptGeneratorTable.js";
import type { SharedGeneratorTable } from "./internal/generatorTables.js";
import { reportAuditBatch } from "./reportAuditBatch.js";
import type {
  AuditBatchRequest,
  AuditBatchResponse,
  AuditConfig,
  AuditErrorDescription,
  AuditOutput,
} from "./types.js";
import { type VerifiedAuditBatch, verifyAuditBatch } from "./verifyAuditBatch.js";

/** What a worker posts back. */
export type AuditWorkerResponse =
  | { type: "ready" }
  | { type: "failed"; error: AuditErrorDescription }
  /** A range was read: its line ends, so the lines of the ranges after it can be numbered. */
  | { type: "lines"; seq: number; lineEnds: number }
  | { type: "batch"; response: AuditBatchResponse };

/** The line a range starts on, once the ranges before it have been read. */
export type AuditRangeLine = { kind: "line"; seq: number; line: number };

/**
 * What a worker is sent: batches; for each range the line it starts on, once that is known; and,
 * first, the port those lines come on (else they come with the batches).
 */
export type AuditWorkerRequest = AuditBatchRequest | AuditRangeLine | { kind: "linePort"; port: MessagePort };

/** The key of `workerData` that marks an audit worker and carries its config. */
export const auditWorkerDataKey = "attestkitAudit";

/** What an audit worker is started with. */
export type AuditWorkerData = {
  config: AuditConfig;
  output: AuditOutput;
  /**
   * The noble engine's table of G, shared by the thread that started this one
   * (`sharedGeneratorTable`): adopted before the first batch, so this thread never builds it.
   */
  generatorTable?: SharedGeneratorTable | undefined;
};

export type RunAuditWorkerParameters = AuditWorkerData & {
  /** Where batches arrive and results go (the worker's `parentPort`). */
  port: Pick<MessagePort, "on" | "postMessage">;
};

/**
 * Serves one audit worker: adopts the table of G it was given, builds the batch verifier once (so
 * a solver's key is learned once per thread), posts `ready` (or `failed`), then answers each batch
 * with its results. A range of the file is read here; its line ends are posted at once and it is
 * verified while the line it starts on is worked out from the ranges before it, so no thread waits
 * for another. Those lines come on a port of their own, read as soon as a range is verified: its
 * results go out before the next batch is started, as a batch with its line known would.
 *
 * @param parameters - {@link RunAuditWorkerParameters}
 * @example
 * runAuditWorker({ port: parentPort, config: { engine: "native", solvers }, output: "notes" })
 */
export function runAuditWorker({ port, config, output, generatorTable }: RunAuditWorkerParameters): void {
  let verify: BatchVerifier;
  try {
    if (generatorTable) adoptGeneratorTable(generatorTable);
    verify = createBatchVerifier(config);
  } catch (error) {
    port.postMessage({ type: "failed", error: describeAuditError(error) } satisfies AuditWorkerResponse);
    return;
  }
  const post = (message: AuditWorkerResponse) => port.postMessage(message);
  // Ranges verified before their first line is known, and first lines that came before their range.
  const waiting = new Map<number, VerifiedAuditBatch>();
  const firstLines = new Map<number, number>();
  const report = (verified: VerifiedAuditBatch, line: number | undefined) =>
    post({ type: "batch", response: reportAuditBatch(verified, line, output) });
  const takeLine = ({ seq, line }: AuditRangeLine) => {
    const verified = waiting.get(seq);
    if (verified === undefined) firstLines.set(seq, line);
    else {
      waiting.delete(seq);
      report(verified, line);
    }
  };
  let linePort: MessagePort | undefined;
  port.on("message", (request: AuditWorkerRequest) => {
    if (request.kind === "linePort") {
      linePort = request.port;
      linePort.on("message", takeLine);
      return;
    }
    if (request.kind === "line") return takeLine(request);
    const { seq } = request;
    const verified = verifyAuditBatch(request, verify, output, (lineEnds) =>
      post({ type: "lines", seq, lineEnds }),
    );
    if (request.kind !== "range") return report(verified, request.kind === "text" ? request.line : undefined);
    // The lines that came while this range was verified (its own, most likely).
    for (
      let message = linePort && receiveMessageOnPort(linePort);
      message;
      message = linePort && receiveMessageOnPort(linePort)
    )
      takeLine(message.message as AuditRangeLine);
    const line = request.line ?? firstLines.get(seq);
    if (line === undefined) waiting.set(seq, verified);
    else {
      firstLines.delete(seq);
      report(verified, line);
    }
  });
  post({ type: "ready" });
}

// Started as a worker by startAuditWorker; imported anywhere else, this module does nothing.
const data = workerData as Record<string, AuditWorkerData | undefined> | null | undefined;
const ownData = data?.[auditWorkerDataKey];
if (parentPort && ownData) runAuditWorker({ port: parentPort, ...ownData });
