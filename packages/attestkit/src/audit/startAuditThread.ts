import { MessageChannel } from "node:worker_threads";
import type { AuditWorkerRequest, AuditWorkerResponse } from "./auditWorker.js";
import type { AuditThread, AuditWorkerPool } from "./auditWorkerPool.js";
import { AuditWorkerError } from "./errors.js";
import { failAuditPool } from "./failAuditPool.js";
import { handleAuditThreadMessage } from "./handleAuditThreadMessage.js";
import { startAuditWorker } from "./startAuditWorker.js";

/**
 * Starts one more worker thread for the pool, with a port of its own for the lines its ranges
 * start on (sent as its first message), and listens to it: messages go to
 * `handleAuditThreadMessage`; an error, or an exit before the run finishes, fails the run.
 *
 * @param pool - The run's state; the thread joins `threads`.
 * @returns The thread, with no load yet. Never throws: a thread that cannot start reports an
 * error or exits, and the run fails with an AuditWorkerError.
 * @example
 * const thread = startAuditThread(pool)
 */
export function startAuditThread(pool: AuditWorkerPool): AuditThread {
  const worker = startAuditWorker({ config: pool.config, output: pool.output });
  const { port1, port2 } = new MessageChannel();
  worker.postMessage({ kind: "linePort", port: port2 } satisfies AuditWorkerRequest, [port2]);
  const thread: AuditThread = { worker, load: 0, lines: port1 };
  pool.threads.push(thread);
  worker.on("message", (message: AuditWorkerResponse) => handleAuditThreadMessage(pool, thread, message));
  worker.on("error", (error) =>
    failAuditPool(pool, new AuditWorkerError({ reason: error.message, cause: error })),
  );
  worker.on("exit", (code) => {
    if (!pool.finishing) failAuditPool(pool, new AuditWorkerError({ reason: `it exited with code ${code}` }));
  });
  return thread;
}
