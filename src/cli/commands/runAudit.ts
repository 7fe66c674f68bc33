import { type FileHandle, open } from "node:fs/promises";
import { defaultSolvers } from "../../attestation/constants.js";
import type { AttestationVersion } from "../../attestation/types.js";
import { addToSummary } from "../../audit/addToSummary.js";
import { createBatchVerifier } from "../../audit/createBatchVerifier.js";
import {
  type AuditInputBatch,
  type AuditInputFormat,
  type AuditInputSource,
  auditBatchBytes,
  readAuditInput,
} from "../../audit/readAuditInput.js";
import { resolveAuditEngine } from "../../audit/resolveAuditEngine.js";
import { runAuditPipeline } from "../../audit/runAuditPipeline.js";
import type { AuditConfig, AuditEngine, AuditErrorDescription, AuditSummary } from "../../audit/types.js";
import { describeError } from "../../errors/describeError.js";
import { CliError } from "../cliError.js";
import { type AuditTerminal, createAuditProgressBar } from "../createAuditProgressBar.js";
import { exitCodes } from "../exitCodes.js";
import type { Io } from "../io.js";
import { plural } from "../plural.js";
import { reportError } from "../reportError.js";
import { styled } from "../styledText.js";

export type AuditOptions = {
  solver?: string[] | undefined;
  v2?: boolean;
  json?: boolean;
  workers?: string;
  engine: AuditEngine;
};

export type { AuditTerminal } from "../createAuditProgressBar.js";

// Malformed lines and line numbers per reason shown in the text report; --json has them all.
const listed = 20;
const linesPerReason = 10;

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
    const summary: AuditSummary = { total: 0, valid: 0, invalid: 0, malformed: 0, reasons: {}, errors: {} };
    // What the text report shows: a few lines per reason and the first malformed lines; --json all.
    const reasonLines = new Map<string, number[]>();
    const malformedRows: { line: number; error: AuditErrorDescription }[] = [];
    const malformedLines: number[] = [];
    let format: AuditInputFormat = "jsonl";
    let ran = 0;
    try {
      ({ workers: ran } = await runAuditPipeline({
        batches: (async function* () {
          for await (const batch of readAuditInput({ source, batchBytes: auditBatchBytes[engine] })) {
            format = batch.format;
            yield batch;
          }
        })(),
        workers,
        config,
        output: options.json ? "json" : "notes",
        onBatch: (result, batch) => {
          if (options.json) {
            // One row a line: the terminal Io escapes what it writes line by line, and a raw
            // newline can only be a row separator (JSON escapes those inside strings).
            const rows = (result.json as string).split("\n");
            if (!openJson) {
              const head = { file, format, version, solvers, engine };
              io.out(`${JSON.stringify(head).slice(0, -1)},"results":[`);
              openJson = true;
            } else if (result.count > 0) rows[0] = `,${rows[0]}`;
            if (result.count > 0 || rows[0] !== "") for (const row of rows) io.out(row);
          }
          for (const { line = 0, reason, error } of result.notes) {
            if (error) {
              malformedLines.push(line);
              if (malformedRows.length < listed) malformedRows.push({ line, error });
            } else if (reason) {
              const lines = reasonLines.get(reason) ?? [];
              if (lines.length < linesPerReason) lines.push(line);
              reasonLines.set(reason, lines);
            }
          }
          addToSummary(summary, result.count, result.notes);
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
      const tail = { workers: ran, elapsedMs, summary: { ...summary, malformedLines } };
      io.out(`],${JSON.stringify(tail).slice(1)}`);
      openJson = false;
    } else {
      const seconds = (elapsedMs / 1000).toFixed(2);
      io.out(
        `audited      ${plural(summary.total, "entry", "entries")} of ${file} (${format}, ${version}) in ${seconds} s: ` +
          `${engine}, ${ran === 0 ? "this thread" : plural(ran, "worker")}`,
      );
      io.out(`solvers      ${solvers.join(", ")}`);
      io.out(`valid        ${summary.valid}`);
      io.out(`invalid      ${summary.invalid}`);
      for (const [reason, count] of Object.entries(summary.reasons)) {
        const lines = reasonLines.get(reason) ?? [];
        io.out(
          `  ${reason.padEnd(20)} ${String(count).padStart(6)}   ${lineList(lines, count, linesPerReason)}`,
        );
      }
      io.out(`malformed    ${summary.malformed}`);
      for (const { line, error } of malformedRows)
        io.out(
          `  line ${String(line).padEnd(8)} ${error.name}${error.field ? ` (${error.field})` : ""}: ${error.message}`,
        );
      if (summary.malformed > listed)
        io.out(`  ... and ${summary.malformed - listed} more (--json lists every entry)`);
      io.out(
        summary.valid === summary.total
          ? ["verdict      ", styled("ALL VALID", "good")]
          : [
              "verdict      ",
              styled("NOT ALL VALID", "bad"),
              ` (${summary.total - summary.valid} of ${summary.total})`,
            ],
      );
    }
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

function lineList(lines: number[], count: number, max: number): string {
  const shown = lines.slice(0, max).join(", ");
  return `line${count === 1 ? "" : "s"} ${shown}${count > max ? `, ... (${count - max} more)` : ""}`;
}
