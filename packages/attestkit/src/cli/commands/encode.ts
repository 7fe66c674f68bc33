import type { Command } from "commander";
import type { Io } from "../io.js";
import type { EncodeOptions } from "./runEncode.js";

/** Registers `attestkit encode`; the work is in `runEncode`, imported when the command runs. */
export function registerEncode(program: Command, io: Io): void {
  program
    .command("encode")
    .description("Show how an attestation is encoded and hashed, without verifying a signature")
    .requiredOption("-f, --file <file>", "JSON with {requestData, requestId?} (- for stdin)")
    .option("--request-id <id>", "request id (overrides the file's)")
    .option("--v2", "the /signature/v2 tuple (destinationCurrency, no amount)")
    .option("--json", "print one JSON object")
    .addHelpText(
      "after",
      [
        "",
        "Example:",
        "  $ attestkit encode --file attestation.json --json",
        "",
        "Exit codes: 0 encoded, 2 bad input (the field is named).",
      ].join("\n"),
    )
    .action(async (options: EncodeOptions) => {
      const { runEncode } = await import("./runEncode.js");
      io.exit(runEncode(options, io));
    });
}
