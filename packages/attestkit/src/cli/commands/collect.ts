import { type Command, Option } from "commander";
import { type Io, processIo } from "../io.js";
import { readGlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";
import type { CollectOptions } from "./runCollect.js";

/** Registers `attestkit collect`; the work is in `runCollect`, imported when the command runs. */
export function registerCollect(program: Command, io: Io): void {
  program
    .command("collect")
    .description(
      "Collect the attestations of a request history into a JSON Lines file for audit: paged, rate-limited, resumable",
    )
    .requiredOption(
      "-o, --out <FILE>",
      "the JSON Lines file: created, or resumed (what it holds is not fetched again)",
    )
    .option("--user <address>", "requests of this wallet (v3: sent or deposited by it; v2: sent or received)")
    .option(
      "--referrer <referrer>",
      "requests quoted with this referrer (needs --api-key: your own requests)",
    )
    .option("--from <time>", "requests created at or after this time: Unix seconds or an ISO 8601 date")
    .option("--to <time>", "requests created at or before this time: Unix seconds or an ISO 8601 date")
    .option("--v2", "fetch /signature/v2 (destinationCurrency, no amount); audit the file with --v2")
    .addOption(
      new Option(
        "--listing <version>",
        "the listing read: v3 (needs --api-key; gives the total) or v2 (public) (default: v3 with an API key, else v2)",
      ).choices(["v3", "v2"]),
    )
    .option("--concurrency <n>", "requests in flight at once, 1 to 64", "4")
    .option(
      "--rate <n>",
      "most requests started per second, retries and pages included (never exceeded)",
      "3",
    )
    .option(
      "--max-attempts <n>",
      "attempts per request before giving up (429s and dropped connections retried)",
      "8",
    )
    .option("--json", "print the summary as one JSON object")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ ATTESTKIT_API_KEY=<key> attestkit collect --out history.jsonl --user 0x... --from 2025-01-01",
        "  $ attestkit --api http://127.0.0.1:8787 collect -o devnet.jsonl --rate 500 --concurrency 8",
        "  $ attestkit audit history.jsonl",
        "",
        "Each line is {requestId, requestData, signature}, what audit reads. Run the same command again",
        "after a stop or a kill to go on: the requests in the file are skipped, none is written twice, and a",
        "torn last line is cut. One collect per file at a time. A 429 pauses every request for its",
        "Retry-After. --timeout limits each attempt (default 30000); a collection has no time limit.",
        "A progress bar with an ETA is drawn on stderr when it is a terminal.",
        "Exit codes: 0 every listed request collected, 2 bad input or an --out file collect did not",
        "write, 3 the service kept failing (what was collected is kept), 4 some requests have no",
        "attestation (listed on stderr).",
      ].join("\n"),
    )
    .action(
      async (options: Omit<CollectOptions, keyof ReturnType<typeof readGlobalOptions>>, command: Command) => {
        try {
          const global = readGlobalOptions({ command });
          // A bar is drawn only where errors go to the process's own stderr (not a captured Io).
          const terminal = io.err === processIo.err ? process.stderr : undefined;
          const { runCollect } = await import("./runCollect.js");
          io.exit(await runCollect({ ...options, ...global }, io, { terminal }));
        } catch (error) {
          io.exit(reportError({ io, error, json: options.json }));
        }
      },
    );
}
