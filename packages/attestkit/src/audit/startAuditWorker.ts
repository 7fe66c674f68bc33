import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { type AuditWorkerData, auditWorkerDataKey } from "./auditWorker.js";
import { sharedGeneratorTable } from "./internal/sharedGeneratorTable.js";

/** How the worker verifies and what it returns. */
export type StartAuditWorkerParameters = Pick<AuditWorkerData, "config" | "output">;

// Runs in the worker, as CommonJS: makes TypeScript importable, then loads the worker module.
const bootstrap = `
const { workerData } = require("node:worker_threads");
const { tsx, url } = workerData.attestkitAuditBootstrap;
require(tsx).register();
import(url).catch((error) => setImmediate(() => { throw error; }));
`;

/**
 * Starts one audit worker thread. Built, the worker is `auditWorker.js` next to this file; in a
 * checkout running the TypeScript sources it is `auditWorker.ts`, loaded through tsx's loader,
 * which the worker registers before importing it. A worker that confirms batches with the noble
 * engine is given G's table, built once in this thread and shared (`sharedGeneratorTable`); the
 * native engine, or noble one signature at a time, never builds it.
 *
 * @param parameters - {@link StartAuditWorkerParameters}
 * @returns The worker; it posts `ready` (or `failed`) once it can take chunks.
 * @example
 * const worker = startAuditWorker({ config: { engine: "noble", solvers }, output: "results" })
 */
export function startAuditWorker({ config, output }: StartAuditWorkerParameters): Worker {
  const fromSources = import.meta.url.endsWith(".ts");
  const url = new URL(fromSources ? "./auditWorker.ts" : "./auditWorker.js", import.meta.url);
  const tableOfG = config.engine === "noble" && config.batch !== false && !config.pipelineOnly;
  const generatorTable = tableOfG ? sharedGeneratorTable() : undefined;
  const workerData = { [auditWorkerDataKey]: { config, output, generatorTable } satisfies AuditWorkerData };
  // Workers inherit the parent's node flags; `--input-type` (from `node --input-type=module -e`)
  // is refused in a worker, so it is left out.
  const execArgv = process.execArgv.filter((arg) => !arg.startsWith("--input-type"));
  if (!fromSources) return new Worker(url, { workerData, execArgv });
  const tsx = createRequire(import.meta.url).resolve("tsx/esm/api");
  return new Worker(bootstrap, {
    eval: true,
    execArgv,
    workerData: { ...workerData, attestkitAuditBootstrap: { tsx, url: url.href } },
  });
}
