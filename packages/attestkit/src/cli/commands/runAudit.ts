import { type FileHandle, open } from "node:fs/promises";
import { defaultSolvers } from "../../attestation/constants.js";
import type { AttestationVersion } from "../../attestation/types.js";
import { createBatchVerifier } from "../../audit/createBatchVerifier.js";
import type { AuditInputBatch, AuditInputSource } from "../../audit/readAuditInput.js";
import { resolveAuditEngine } from "../../audit/resolveAuditEngine.js";
import { runAuditPipeline } from "../../audit/runAuditPipeline.js";
import type { AuditConfig, AuditEngine } from "../../audit/types.js";
import { describeError } from "../../errors/describeError.js";
import { CliError } from "../cliError.js";
import { type AuditTerminal, createAuditProgressBar } from "../createAuditProgressBar.js";
import { exitCodes } from "../exitCodes.js";
import type { Io } from "../io.js";
import { reportError } from "../reportError.js";
import { auditJsonLines } from "./auditJsonLines.js";
import { auditSummaryLines } from "./auditSummaryLines.js";
import { createAuditCollection } from "./createAuditCollection.js";
import { readAuditBatches } from "./readAuditBatches.js";
import { recordAuditNotes } from "./recordAuditNotes.js";

export type AuditOptions = {
  solver?: string[] | undefined;
  v2?: boolean;
  json?: boolean;
  workers?: string;
  engine: AuditEngine;
};

export type { AuditTerminal } from "../createAuditProgressBar.js";

/** Runs `audit` and returns its exit code. */
export async function runAudit(
  file: string,
  options: AuditOptions,
  io: Io,
  { terminal }: { terminal?: AuditTerminal | undefined } = {},
): Promise<number> {
  const started = performance.now();
  const version: AttestationVersion = options.v2 ? "v2" : "v1";
  const solvers = options.solver?.length ? options.solver : [...defaultSolvers];
  // Set once the first rows are printed: an error after that closes the JSON object it began.
  let openJson = false;
  try {
    const workers = options.workers === undefined ? "auto" : parseWorkers(options.workers);
    const engine = resolveAuditEngine(options.engine);
    const config: AuditConfig = { solvers, version, engine, includeEncoded: false };
    // A bad solver is reported before the file is read.
    createBatchVerifier(config);
    const { source, size } = await openInput(file);

    const bar = terminal?.isTTY && !options.json ? createAuditProgressBar({ terminal, size }) : undefined;
    const collection = createAuditCollection();
    const { summary } = collection;
    let ran = 0;
    try {
      ({ workers: ran } = await runAuditPipeline({
        batches: readAuditBatches({ source, engine, collection }),
        workers,
        config,
        output: options.json ? "json" : "notes",
        onBatch: (result, batch) => {
          if (options.json) {
            const head = openJson ? undefined : { file, format: collection.format, version, solvers, engine };
            for (const line of auditJsonLines({ json: result.json ?? "", count: result.count, head }))
              io.out(line);
            openJson = true;
          }
          recordAuditNotes(collection, result);
          bar?.update({ entries: summary.total, bytesRead: (batch as AuditInputBatch).bytesRead });
        },
      }));
    } finally {
      bar?.clear();
    }
    if (summary.total === 0)
      throw new CliError(`${file} holds no attestations.`, {
        exitCode: exitCodes.badInput,
        metaMessages: ["Expected one {requestId, requestData, signature} per line, or a JSON array of them."],
      });
    const elapsedMs = Math.round(performance.now() - started);

    if (options.json) {
      const { malformedLines, malformedIndices, format } = collection;
      const tail = {
        workers: ran,
        elapsedMs,
        summary: { ...summary, malformedLines, ...(format === "array" ? { malformedIndices } : {}) },
      };
      io.out(`],${JSON.stringify(tail).slice(1)}`);
      openJson = false;
    } else
      for (const line of auditSummaryLines({
        file,
        version,
        engine,
        solvers,
        elapsedMs,
        workers: ran,
        collection,
      }))
        io.out(line);
    return summary.valid === summary.total ? exitCodes.ok : exitCodes.invalid;
  } catch (error) {
    if (!openJson) return reportError({ io, error, json: options.json });
    // Rows were printed: end the object with the error, so the output stays one JSON value.
    io.out(`],"error":${JSON.stringify(describeError(error))}}`);
    return reportError({ io, error });
  }
}

/** Opens FILE (or standard input for `-`) as a stream; its size, when it is a regular file. */
async function openInput(file: string): Promise<{ source: AuditInputSource; size: number | undefined }> {
  if (file === "-") return { source: process.stdin, size: undefined };
  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch (cause) {
    throw new CliError(`Cannot read ${file}.`, { exitCode: exitCodes.badInput, cause });
  }
  const stats = await handle.stat();
  if (stats.isDirectory()) {
    await handle.close();
    throw new CliError(`Cannot read ${file}: it is a directory.`, { exitCode: exitCodes.badInput });
  }
  return {
    source: handle.createReadStream({ highWaterMark: 1 << 20 }),
    size: stats.isFile() ? stats.size : undefined,
  };
}

function parseWorkers(value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw new CliError(`--workers is ${JSON.stringify(value)}; expected a whole number, 0 or more.`, {
      exitCode: exitCodes.badInput,
    });
  return Number(value);
}
