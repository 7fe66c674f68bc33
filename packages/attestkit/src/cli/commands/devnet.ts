import type { Command } from "commander";
import type { DevnetOptions } from "../devnetCliTypes.js";
import type { Io } from "../io.js";
import { addDevnetOptions } from "./addDevnetOptions.js";
import { registerDevnetReplayWebhook } from "./devnetReplayWebhook.js";
import { registerDevnetTrigger } from "./devnetTrigger.js";
import { runDevnetAction } from "./runDevnetAction.js";

/** Registers `attestkit devnet`; the work is in `runDevnet`, imported when the command runs. */
export function registerDevnet(program: Command, io: Io): void {
  const devnet = addDevnetOptions(
    program
      .command("devnet")
      .description(
        "Run the local devnet: the service's API, two EVM chains, a solver and webhooks, on 127.0.0.1",
      ),
  )
    .addHelpText(
      "after",
      [
        "",
        "Example:",
        "  $ attestkit devnet --port 8787     # then: attestkit --api http://127.0.0.1:8787 verify 0x<requestId>",
        "",
        "Needs the package @attestkit/devnet (Node.js >= 22.13) and its peers hardhat and @nomicfoundation/edr-linux-x64-gnu.",
        "Stops cleanly on SIGINT (Ctrl+C), SIGTERM, or when its output is closed (`| head`).",
        "Test keys only: never fund them on a real chain.",
        "Web pages cannot use it: requests under a Host other than 127.0.0.1 or localhost, from another",
        "origin than its own dashboard's, or with a body that is not JSON are refused (403, 415).",
        "Failed webhook deliveries are replayed with `attestkit devnet replay-webhook ID --devnet URL`.",
        "Fast failure tests: `--webhook-retries 10 --webhook-retry-delay 1 --webhook-retry-max-delay 5` runs",
        "a delivery's whole retry schedule in well under a second (the default schedule takes about 5 minutes);",
        "`--rate-limit 5 --rate-limit-window 1000` answers the sixth request of a second 429 with Retry-After.",
        "Exit codes: 0 after a clean stop, 2 bad options, 3 it cannot start (e.g. the port is in use).",
      ].join("\n"),
    )
    .action((options: DevnetOptions, command: Command) => runDevnetAction({ options, command, io }));
  registerDevnetReplayWebhook(devnet, io);
  registerDevnetTrigger(devnet, io);
}
