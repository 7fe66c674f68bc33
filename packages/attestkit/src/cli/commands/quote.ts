import type { Command } from "commander";
import type { Io } from "../io.js";
import { readGlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";
import { addRequestFieldOptions } from "./addRequestFieldOptions.js";
import type { QuoteOptions } from "./runQuote.js";

/** Registers `attestkit quote`; the work is in `runQuote`, imported when the command runs. */
export function registerQuote(program: Command, io: Io): void {
  addRequestFieldOptions(
    program
      .command("quote")
      .description("Ask the service for an executable quote (POST /quote/v2) and summarize it")
      .option(
        "-f, --file <file>",
        "a full quote request as JSON (- for stdin); the flags below override its fields",
      )
      .option("--user <address>", "who deposits on the origin chain"),
  )
    .option("--use-deposit-address", "pay by a plain transfer to a deposit address")
    .option(
      "--force-solver-execution",
      "a same-chain swap through the solver (a signed order) instead of your own transaction",
    )
    .option("--topup-gas", "add a destination gas top-up for the recipient")
    .option(
      "--include-protocol-data",
      "ask for the solver's order signature, which verify --quote and execute check (the default)",
    )
    .option("--no-include-protocol-data", "do not ask for the order signature")
    .option("--json", "print the service's response as one JSON object")
    .addHelpText(
      "after",
      [
        "",
        "Example:",
        "  $ attestkit --api http://127.0.0.1:8787 quote --user 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 \\",
        "      --origin-chain-id 31337 --destination-chain-id 31338 --amount 0.001ether \\",
        "      --origin-currency 0x0000000000000000000000000000000000000000 \\",
        "      --destination-currency 0x0000000000000000000000000000000000000000",
        "",
        "--amount takes a value as cast does: digits in the smallest unit (wei), 0x hex, 1e16, or a number",
        "and a unit: ether, gwei or wei (18 decimals: an EVM chain's native currency, or a token the chain",
        "list gives 18), or the currency's own symbol (100usdc, by the decimals GET /chains gives it). A unit",
        "whose decimals are not known is refused, never guessed. The request carries the integer.",
        "",
        "The request is checked against every rule of the interface before it is sent; a broken rule",
        "names the flag (or the field of --file).",
        "Exit codes: 0 quoted, 2 bad input (the field is named), 3 network or API error.",
      ].join("\n"),
    )
    .action(async (options: QuoteOptions, command: Command) => {
      try {
        const global = readGlobalOptions({ command });
        const { runQuote } = await import("./runQuote.js");
        io.exit(await runQuote({ ...options, ...global }, io));
      } catch (error) {
        io.exit(reportError({ io, error, json: options.json }));
      }
    });
}
