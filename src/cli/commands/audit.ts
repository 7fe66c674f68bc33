import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { type Command, Option } from "commander";
import { defaultSolvers } from "../../attestation/constants.js";
import type { AttestationVersion } from "../../attestation/types.js";
import { parseAuditInput } from "../../audit/parseAuditInput.js";
import { summarizeAuditResults } from "../../audit/summarizeAuditResults.js";
import type { AuditEngine, AuditEntryResult } from "../../audit/types.js";
import { verifyAttestations } from "../../audit/verifyAttestations.js";
import { CliError } from "../cliError.js";
import { exitCodes } from "../exitCodes.js";
import { type Io, processIo } from "../io.js";
import { reportError } from "../reportError.js";

export type AuditOptions = {
  solver: string[];
  v2?: boolean;
  json?: boolean;
  workers?: string;
  engine: AuditEngine;
};

/** Where the progress bar is drawn: a terminal's stderr. */
export type AuditTerminal = { isTTY?: boolean; write: (text: string) => unknown };

/** One item of the report: an entry's result and where it is in the file. */
type Row = AuditEntryResult & { line: number; requestId?: string };

// Malformed lines and line numbers per reason shown in the text report; --json has them all.
const listed = 20;
const linesPerReason = 10;

/** Registers `attestkit audit`. */
export function registerAudit(program: Command, io: Io): void {
  program
    .command("audit")
    .description("Verify many attestations at once against one solver set, in worker threads")
    .argument(
      "<FILE>",
      "JSON Lines, one {requestId, requestData, signature} per line, or a JSON array of them (- for stdin)",
    )
    .option(
      "--solver <address>",
      "accepted solver address (repeat for several; default: the live solver)",
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option("--v2", "the /signature/v2 tuple (destinationCurrency, no amount) for every entry")
    .option("--json", "print one JSON object: the summary and every entry's result")
    .option(
      "--workers <n>",
      `worker threads; 0 verifies in this thread (default: ${availableParallelism()}, the cores; 0 below 512 entries)`,
    )
    .addOption(
      new Option("--engine <engine>", "signer recovery: auto (native when installed), native or noble")
        .choices(["auto", "native", "noble"])
        .default("auto"),
    )
    .addHelpText(
      "after",
      [
        "",
        "A progress bar is drawn on stderr when it is a terminal (not with --json).",
        "Exit codes: 0 every entry valid, 1 any entry invalid or malformed, 2 unreadable FILE, no",
        "entries, or a bad option or solver.",
      ].join("\n"),
    )
    .action(async (file: string, options: AuditOptions) => {
      // A bar is drawn only where errors go to the process's own stderr (not a captured Io).
      const terminal = io.err === processIo.err ? process.stderr : undefined;
      io.exit(await runAudit(file, options, io, { terminal }));
    });
}

/** Runs `audit` and returns its exit code. */
export async function runAudit(
  file: string,
  options: AuditOptions,
  io: Io,
  { terminal }: { terminal?: AuditTerminal | undefined } = {},
): Promise<number> {
  const started = performance.now();
  const version: AttestationVersion = options.v2 ? "v2" : "v1";
  const solvers = options.solver.length > 0 ? options.solver : [...defaultSolvers];
  try {
    const workers = options.workers === undefined ? undefined : parseWorkers(options.workers);
    let text: string;
    try {
      text = readFileSync(file === "-" ? 0 : file, "utf8");
    } catch (cause) {
      throw new CliError(`Cannot read ${file}.`, { exitCode: exitCodes.badInput, cause });
    }
    const input = parseAuditInput(text);
    if (input.entries.length === 0 && input.malformed.length === 0)
      throw new CliError(`${file} holds no attestations.`, {
        exitCode: exitCodes.badInput,
        metaMessages: ["Expected one {requestId, requestData, signature} per line, or a JSON array of them."],
      });

    const bar = terminal?.isTTY && !options.json ? progressBar(terminal) : undefined;
    let audit: Awaited<ReturnType<typeof verifyAttestations>>;
    try {
      audit = await verifyAttestations({
        attestations: input.entries.map((entry) => entry.attestation),
        solvers,
        version,
        workers,
        engine: options.engine,
        includeEncoded: false,
        onProgress: bar?.update,
      });
    } finally {
      bar?.clear();
    }

    // Entries and unreadable items back in file order.
    const rows = new Array<Row>(input.entries.length + input.malformed.length);
    for (const [i, { line, position, attestation }] of input.entries.entries())
      rows[position] = {
        line,
        ...(typeof attestation.requestId === "string" ? { requestId: attestation.requestId } : {}),
        ...(audit.results[i] as AuditEntryResult),
      };
    for (const { line, position, error } of input.malformed)
      rows[position] = { line, valid: false, signer: null, error };
    const summary = summarizeAuditResults(rows);
    const malformedLines = rows.filter((row) => "error" in row).map((row) => row.line);
    const elapsedMs = Math.round(performance.now() - started);

    if (options.json)
      io.out(
        JSON.stringify({
          file,
          format: input.format,
          version,
          solvers,
          engine: audit.engine,
          workers: audit.workers,
          elapsedMs,
          summary: { ...summary, malformedLines },
          results: rows,
        }),
      );
    else {
      const seconds = (elapsedMs / 1000).toFixed(2);
      io.out(
        `audited      ${summary.total} entries of ${file} (${input.format}, ${version}) in ${seconds} s: ` +
          `${audit.engine}, ${audit.workers === 0 ? "this thread" : `${audit.workers} workers`}`,
      );
      io.out(`solvers      ${solvers.join(", ")}`);
      io.out(`valid        ${summary.valid}`);
      io.out(`invalid      ${summary.invalid}`);
      for (const [reason, count] of Object.entries(summary.reasons)) {
        const lines = rows.filter((row) => !("error" in row) && row.reason === reason).map((row) => row.line);
        io.out(`  ${reason.padEnd(20)} ${String(count).padStart(6)}   ${lineList(lines, linesPerReason)}`);
      }
      io.out(`malformed    ${summary.malformed}`);
      for (const row of rows.filter((row) => "error" in row).slice(0, listed)) {
        const { error } = row as Extract<Row, { error: unknown }>;
        io.out(
          `  line ${String(row.line).padEnd(8)} ${error.name}${error.field ? ` (${error.field})` : ""}: ${error.message}`,
        );
      }
      if (summary.malformed > listed)
        io.out(`  ... and ${summary.malformed - listed} more (--json lists every entry)`);
      io.out(
        summary.valid === summary.total
          ? "verdict      ALL VALID"
          : `verdict      NOT ALL VALID (${summary.total - summary.valid} of ${summary.total})`,
      );
    }
    return summary.valid === summary.total ? exitCodes.ok : exitCodes.invalid;
  } catch (error) {
    return reportError({ io, error, json: options.json });
  }
}

function parseWorkers(value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw new CliError(`--workers is ${JSON.stringify(value)}; expected a whole number, 0 or more.`, {
      exitCode: exitCodes.badInput,
    });
  return Number(value);
}

function lineList(lines: number[], max: number): string {
  const shown = lines.slice(0, max).join(", ");
  return `line${lines.length === 1 ? "" : "s"} ${shown}${lines.length > max ? `, ... (${lines.length - max} more)` : ""}`;
}

// A one-line bar redrawn in place at most every 100 ms, erased when the audit ends.
function progressBar(terminal: AuditTerminal) {
  let drawnAt = Number.NEGATIVE_INFINITY;
  let drawn = false;
  return {
    update: ({ done, total }: { done: number; total: number }) => {
      const now = performance.now();
      if (done < total && now - drawnAt < 100) return;
      drawnAt = now;
      drawn = true;
      const width = 30;
      const filled = total === 0 ? width : Math.round((width * done) / total);
      const percent = total === 0 ? 100 : Math.floor((100 * done) / total);
      terminal.write(`\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${percent}%`);
    },
    clear: () => {
      if (drawn) terminal.write("\r\u001b[2K");
    },
  };
}
