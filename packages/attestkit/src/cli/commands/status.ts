import type { Command } from "commander";
import type { Io } from "../io.js";
import { readGlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";
import type { StatusOptions } from "./runStatus.js";

/** Registers `attestkit status`; the work is in `runStatus`, imported when the command runs. */
export function registerStatus(program: Command, io: Io): void {
  program
    .command("status")
    .description("Show a request's status, or with --watch follow it until it is final")
    .argument("<REQUEST_ID>", "the request id from the quote's steps (0x and 64 hex digits)")
    .option("-w, --watch", "poll until the status is final, one line per change")
    .option("--interval <ms>", "time between polls with --watch", "1000")
    .option("--json", "print the status as JSON (with --watch: one JSON object per change, JSON Lines)")
    .addHelpText(
      "after",
      [
        "",
        "Example:",
        "  $ attestkit --api http://127.0.0.1:8787 status 0x<requestId> --watch --timeout 60000",
        "",
        "With --watch, --timeout is how long to follow the request (default 30 minutes).",
        "Exit codes: 0 the request exists (with --watch: it ended in success), 1 --watch ended in",
        "refund, failure or fallback, 2 bad input, 3 network or API error (an unknown request, a timeout).",
      ].join("\n"),
    )
    .action(async (requestId: string, options: StatusOptions, command: Command) => {
      try {
        const global = readGlobalOptions({ command });
        const { runStatus } = await import("./runStatus.js");
        io.exit(await runStatus(requestId, { ...options, ...global }, io));
      } catch (error) {
        io.exit(reportError({ io, error, json: options.json }));
      }
    });
}
