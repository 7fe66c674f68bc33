import type { Command } from "commander";
import type { Io } from "../io.js";
import { addExecuteOptions } from "./addExecuteOptions.js";
import type { ExecuteOptions } from "./runExecute.js";
import { runExecuteAction } from "./runExecuteAction.js";

/** Registers `attestkit execute`; the work is in `runExecute`, imported when the command runs. */
export function registerExecute(program: Command, io: Io): void {
  addExecuteOptions(
    program
      .command("execute")
      .description(
        "Quote (from flags or --quote-file), prove the steps pay exactly the signed order you asked for, run them with your key, then follow the status live",
      ),
  )
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ ATTESTKIT_PRIVATE_KEY=0x<key> attestkit --api http://127.0.0.1:8787 execute --trust-devnet --origin-chain-id 31337 \\",
        "      --destination-chain-id 31338 --origin-currency 0x0000000000000000000000000000000000000000 \\",
        "      --destination-currency 0x0000000000000000000000000000000000000000 --amount 0.01ether",
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
        "--amount and --max-amount-in: digits in the smallest unit, 0x hex, 1e16, or for the native currency",
        "a number in ether, gwei or wei (0.01ether). A token's amount is given in its smallest unit: its",
        "decimals would come from the service, and what is paid never rests on the service's word.",
        "",
        "--timeout bounds the whole run, steps and status (default 30 minutes).",
        "Prefer $ATTESTKIT_PRIVATE_KEY to --private-key (the flag is visible to other users of the machine).",
        "With its output closed early (`| head`), execute still runs the steps and follows the request.",
        "Exit codes: 0 the request ended in success, 1 it ended in refund or failure, or the payment guard",
        "refused the quote (nothing was sent), 2 bad input,",
        "3 network, API or chain error (a reverted transaction, a timeout).",
      ].join("\n"),
    )
    .action((options: ExecuteOptions, command: Command) => runExecuteAction({ options, command, io }));
}
