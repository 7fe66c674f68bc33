import type { Command } from "commander";
import type { Io } from "../io.js";
import { rpcOption } from "../parseRpcFlags.js";
import { readGlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";
import { solverOption } from "../solverOption.js";
import type { ExecuteOptions } from "./runExecute.js";

/** Registers `attestkit execute`; the work is in `runExecute`, imported when the command runs. */
export function registerExecute(program: Command, io: Io): void {
  program
    .command("execute")
    .description(
      "Quote (from flags or --quote-file), prove the steps pay exactly the signed order you asked for, run them with your key, then follow the status live",
    )
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
    )
    .option("--recipient <address>", "who receives on the destination chain (default: the user)")
    .option("--origin-chain-id <id>", "origin chain id")
    .option("--destination-chain-id <id>", "destination chain id")
    .option("--origin-currency <address>", "currency paid (the zero address for the native one)")
    .option("--destination-currency <address>", "currency received")
    .option("--amount <amount>", "integer amount in the smallest unit")
    .option("--trade-type <type>", "EXACT_INPUT, EXACT_OUTPUT or EXPECTED_OUTPUT (default: EXACT_INPUT)")
    .option("--refund-to <address>", "refund address on failure")
    .option("--referrer <name>", "echoed in status and webhooks")
    .option("--slippage-tolerance <bps>", "basis points, 0 to 10000")
    .option("--ttl <seconds>", "refund instead of fill when not filled within this many seconds")
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
      "the most you pay, integer in the smallest unit: bounds an EXACT_OUTPUT or EXPECTED_OUTPUT quote's input",
    )
    .option("--no-verify", "turn the payment guard off: send whatever the quote says (not recommended)")
    .addOption(
      rpcOption(
        "JSON-RPC URL of a chain the steps use, as CHAIN_ID=URL; repeat for several (with --trust-devnet and a loopback --api, the devnet's own /rpc/CHAIN_ID)",
      ),
    )
    .option("--json", "print JSON Lines: the quote, each step event, each status")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ ATTESTKIT_PRIVATE_KEY=0x<key> attestkit --api http://127.0.0.1:8787 execute --trust-devnet --origin-chain-id 31337 \\",
        "      --destination-chain-id 31338 --origin-currency 0x0000000000000000000000000000000000000000 \\",
        "      --destination-currency 0x0000000000000000000000000000000000000000 --amount 10000000000000000",
        "  $ attestkit execute --quote-file quote.json --rpc 8453=https://base.example",
        "",
        "Before anything is sent or signed, the payment guard checks the quote (the check table is printed):",
        "the order the solver signed (orderId, signature, signer, payment details, depository), that it is",
        "what you asked for (chains, currencies, recipient, refund address, amount, minimum output, fees,",
        "deadline) and that every item pays exactly it, to a payee of the trust root: the depositories",
        "published with attestkit, or yours (--chains-file; --trust-devnet for the local devnet). Nothing",
        "the service says (its GET /chains, a step's deposit address) is taken as a payee. With --quote-file,",
        "give the request it answers (-f or the flags) so the guard can compare.",
        "",
        "--timeout bounds the whole run, steps and status (default 30 minutes).",
        "Prefer $ATTESTKIT_PRIVATE_KEY to --private-key (the flag is visible to other users of the machine).",
        "With its output closed early (`| head`), execute still runs the steps and follows the request.",
        "Exit codes: 0 the request ended in success, 1 it ended in refund or failure, or the payment guard",
        "refused the quote (nothing was sent), 2 bad input,",
        "3 network, API or chain error (a reverted transaction, a timeout).",
      ].join("\n"),
    )
    .action(async (options: ExecuteOptions, command: Command) => {
      // Steps move money: with its output gone, execute still runs them and follows the request.
      io.onOutputClosed?.(() => {});
      try {
        const global = readGlobalOptions({ command });
        const { runExecute } = await import("./runExecute.js");
        io.exit(await runExecute({ ...options, ...global }, io));
      } catch (error) {
        io.exit(reportError({ io, error, json: options.json }));
      }
    });
}
