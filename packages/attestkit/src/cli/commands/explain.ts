import type { Command } from "commander";
import type { Io } from "../io.js";
import { rpcOption } from "../parseRpcFlags.js";
import { readGlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";
import { solverOption } from "../solverOption.js";
import type { ExplainOptions } from "./explainOptions.js";

/** Registers `attestkit explain`; the work is in `runExplain`, imported when the command runs. */
export function registerExplain(program: Command, io: Io): void {
  program
    .command("explain")
    .description(
      "Everything about one request: status and history, order, attestations recomputed, the deposit and fills decoded from the chains, the reason in words, and a verdict: consistent, inconsistent or incomplete",
    )
    .argument("<REQUEST_ID>", "the request id (0x and 64 hex digits)")
    .addOption(
      rpcOption(
        "JSON-RPC URL of a chain as CHAIN_ID=URL; repeat for several (a devnet's chains are read from GET /devnet/info)",
      ),
    )
    .addOption(solverOption("the devnet's when --api is a devnet, else the live solver"))
    .option("--json", "print one JSON object with every part")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ attestkit --api http://127.0.0.1:8787 explain 0x<requestId>",
        "  $ attestkit explain 0x<requestId> --rpc 8453=https://base.example --rpc 10=https://op.example --json",
        "",
        "Exit codes: 0 consistent, 1 inconsistent (a verdict is invalid or the chain disagrees with",
        "what was signed or ordered: each mismatch is listed), 4 incomplete (nothing disagrees, but a",
        "part could not be judged: each is listed with why), 2 bad input, 3 network or API error.",
      ].join("\n"),
    )
    .action(async (requestId: string, options: ExplainOptions, command: Command) => {
      try {
        const global = readGlobalOptions({ command });
        const { runExplain } = await import("./runExplain.js");
        io.exit(await runExplain(requestId, { ...options, ...global }, io));
      } catch (error) {
        io.exit(reportError({ io, error, json: options.json }));
      }
    });
}
