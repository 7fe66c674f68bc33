import type { Command } from "commander";
import type { Io } from "../io.js";
import { readGlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";
import { solverOption } from "../solverOption.js";
import type { VerifyOptions } from "./runVerify.js";

/** Registers `attestkit verify`; the work is in `runVerify` (`runVerifyQuote` with --quote), imported when the command runs. */
export function registerVerify(program: Command, io: Io): void {
  program
    .command("verify")
    .description(
      "Verify a solver attestation, or a quote's order (--quote), showing every intermediate value",
    )
    .argument("[REQUEST_ID]", "fetch the attestation of this request from the service (without --file)")
    .option(
      "-f, --file <file>",
      "JSON answer of the signature endpoint: {requestData, signature, requestId?} (- for stdin)",
    )
    .option("--request-id <id>", "request id (overrides the file's)")
    .option(
      "--quote <file>",
      "verify the order of a saved POST /quote/v2 answer (or its protocol.v2 object) instead (- for stdin)",
    )
    .option("--chains <file>", "with --quote: a saved GET /chains answer (default: read from --api)")
    .option(
      "--legacy-bitcoin <encoding>",
      "with --quote: how the order encodes legacy Bitcoin addresses, ff-prefixed or unprefixed",
    )
    .addOption(solverOption("the devnet's when --api is a devnet, else the live solver"))
    .option("--v2", "the /signature/v2 tuple (destinationCurrency, no amount)")
    .option("--json", "print one JSON object")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ attestkit verify --file attestation.json",
        "  $ attestkit --api http://127.0.0.1:8787 verify 0x<requestId>   # a devnet: its solver is used",
        "  $ attestkit chains --out chains.json && attestkit verify --quote quote.json --chains chains.json",
        "",
        "The signature is shown with its r, s, v and yParity. A history of attestations (JSON Lines) is",
        "verified by attestkit audit FILE; a quote's order by verify --quote FILE.",
        "Exit codes: 0 valid, 1 well-formed but not valid, 2 bad input, 3 network or API error.",
      ].join("\n"),
    )
    .action(async (positional: string | undefined, options: VerifyOptions, command: Command) => {
      try {
        const all = { ...options, ...readGlobalOptions({ command }) };
        if (all.quote !== undefined) {
          const { runVerifyQuote } = await import("./verifyQuote.js");
          io.exit(await runVerifyQuote({ ...all, quote: all.quote }, io));
        } else {
          const { runVerify } = await import("./runVerify.js");
          io.exit(await runVerify(positional, all, io));
        }
      } catch (error) {
        io.exit(reportError({ io, error, json: options.json }));
      }
    });
}
