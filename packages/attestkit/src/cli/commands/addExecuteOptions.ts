import type { Command } from "commander";
import { rpcOption } from "../parseRpcFlags.js";
import { solverOption } from "../solverOption.js";
import { addRequestFieldOptions } from "./addRequestFieldOptions.js";

/**
 * Declares the options of `attestkit execute`: the quote (a saved one, or the request as a file and
 * flags), the paying key, the payment guard's trust (solvers, accepted items, trust root, devnet,
 * the most paid, or none), the chains' RPC URLs and JSON output.
 *
 * @param command - The `execute` command.
 * @returns The same command, for chaining.
 * @example
 * addExecuteOptions(program.command("execute")).action(run)
 */
export function addExecuteOptions(command: Command): Command {
  return addRequestFieldOptions(
    command
      .option(
        "--quote-file <file>",
        "a saved POST /quote/v2 answer to execute instead of asking for one (- for stdin)",
      )
      .option(
        "-f, --file <file>",
        "a full quote request as JSON (- for stdin); the flags below override its fields",
      )
      .option(
        "--user <address>",
        "who deposits on the origin chain: the key's account (default: -f FILE's user, else the key's address)",
      ),
  )
    .option("--topup-gas", "add a destination gas top-up for the recipient")
    .option(
      "--use-deposit-address",
      "pay by a plain transfer to a deposit address (the guard derives it: see --chains-file)",
    )
    .option(
      "--force-solver-execution",
      "a same-chain swap through the solver (a signed order) instead of your own transaction",
    )
    .option("--private-key <key>", "the paying key (default: $ATTESTKIT_PRIVATE_KEY); never printed")
    .addOption(solverOption("the live solver; the local devnet's public test key with --trust-devnet"))
    .option(
      "--accept-item <name>",
      "run an item of the quote the payment guard cannot decode (STEP_ID, STEP_ID[INDEX], or either @DIGEST as the refusal prints it: that exact item), e.g. an origin swap; repeat for several",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option(
      "--chains-file <file>",
      "the payment guard's trust root: a JSON trust root, or a GET /chains answer saved from a source you trust (its chains replace the published ones)",
    )
    .option(
      "--trust-devnet [ids]",
      "trust the local devnet's contracts (derived from its public test keys) for its chains ORIGIN,DESTINATION (default 31337,31338); never for real money",
    )
    .option(
      "--max-amount-in <amount>",
      "the most you pay, in the smallest unit or with a unit as --amount takes it (0.02ether): bounds an EXACT_OUTPUT or EXPECTED_OUTPUT quote's input",
    )
    .option("--no-verify", "turn the payment guard off: send whatever the quote says (not recommended)")
    .addOption(
      rpcOption(
        "JSON-RPC URL of a chain the steps use, as CHAIN_ID=URL; repeat for several (with --trust-devnet and a loopback --api, the devnet's own /rpc/CHAIN_ID)",
      ),
    )
    .option("--json", "print JSON Lines: the quote, each step event, each status");
}
