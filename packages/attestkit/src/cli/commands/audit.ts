import { availableParallelism } from "node:os";
import { type Command, Option } from "commander";
import { type Io, processIo } from "../io.js";
import { solverOption } from "../solverOption.js";
import type { AuditOptions } from "./runAudit.js";

/** Registers `attestkit audit`; the work is in `runAudit`, imported when the command runs. */
export function registerAudit(program: Command, io: Io): void {
  program
    .command("audit")
    .description("Verify many attestations at once against one solver set, in worker threads")
    .argument(
      "<FILE>",
      "JSON Lines, one {requestId, requestData, signature} per line, or a JSON array of them (- for stdin)",
    )
    .addOption(solverOption("the live solver"))
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
        "Examples:",
        "  $ attestkit audit history.jsonl --solver 0xf70da97812cb96acdf810712aa562db8dfa3dbef",
        "  $ cat history.jsonl | attestkit audit - --json > report.json",
        "",
        "A progress bar is drawn on stderr when it is a terminal (not with --json).",
        "Exit codes: 0 every entry valid, 1 any entry invalid or malformed, 2 unreadable FILE, no",
        "entries, or a bad option or solver.",
      ].join("\n"),
    )
    .action(async (file: string, options: AuditOptions) => {
      // A bar is drawn only where errors go to the process's own stderr (not a captured Io).
      const terminal = io.err === processIo.err ? process.stderr : undefined;
      const { runAudit } = await import("./runAudit.js");
      io.exit(await runAudit(file, options, io, { terminal }));
    });
}
