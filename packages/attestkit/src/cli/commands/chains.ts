import type { Command } from "commander";
import type { Io } from "../io.js";
import { readGlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";
import type { ChainsOptions } from "./runChains.js";

/** Registers `attestkit chains`; the work is in `runChains`, imported when the command runs. */
export function registerChains(program: Command, io: Io): void {
  program
    .command("chains")
    .description(
      "List the service's chains (GET /chains), or save the list for verify --chains and execute --chains-file",
    )
    .option(
      "-o, --out <file>",
      "save the GET /chains answer to this file (e.g. chains.json), as the flags that read it expect",
    )
    .option(
      "--json",
      "print the answer as one JSON object (with --out: where it was saved and how many chains)",
    )
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ attestkit chains --out chains.json",
        "  $ attestkit verify --quote quote.json --chains chains.json",
        "  $ attestkit execute --chains-file chains.json --quote-file quote.json -f request.json",
        "",
        "The saved list is only as trustworthy as the service it came from (--api): execute --chains-file",
        "pays the depositories it names. Save it from a source you trust.",
        "Exit codes: 0 listed or saved, 2 bad input (the file cannot be written), 3 network or API error.",
      ].join("\n"),
    )
    .action(async (options: ChainsOptions, command: Command) => {
      try {
        const global = readGlobalOptions({ command });
        const { runChains } = await import("./runChains.js");
        io.exit(await runChains({ ...options, ...global }, io));
      } catch (error) {
        io.exit(reportError({ io, error, json: options.json }));
      }
    });
}
