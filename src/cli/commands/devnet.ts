import type { Command } from "commander";
import type { Io } from "../io.js";
import { readGlobalOptions } from "../readGlobalOptions.js";
import { registerDevnetReplayWebhook } from "./devnetReplayWebhook.js";
import { registerDevnetTrigger } from "./devnetTrigger.js";
import type { DevnetOptions } from "./runDevnet.js";

/** Registers `attestkit devnet`; the work is in `runDevnet`, imported when the command runs. */
export function registerDevnet(program: Command, io: Io): void {
  const devnet = program
    .command("devnet")
    .description(
      "Run the local devnet: the service's API, two EVM chains, a solver and webhooks, on 127.0.0.1",
    )
    .option("--port <port>", "HTTP port (0 picks a free one)", "8787")
    .option("--origin-chain-id <id>", "origin chain id", "31337")
    .option("--destination-chain-id <id>", "destination chain id", "31338")
    .option("--webhook-url <url>", "webhook endpoint of --api-key's requests")
    .option(
      "--api-key <key>",
      "API key tied to --webhook-url, also the webhook HMAC secret (default: $ATTESTKIT_API_KEY)",
    )
    .option(
      "--webhook-header <header>",
      'custom header "Name: value" sent with every delivery to --webhook-url (repeatable; never a signature header)',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option("--block-time <ms>", "mine a block every MS milliseconds instead of one per transaction")
    .option(
      "--bitcoin-block-time <ms>",
      "mine a Bitcoin block every MS milliseconds (default 1000; 0 mines none, for scripts that mine themselves)",
    )
    .option(
      "--state <dir>",
      "keep requests, webhook settings, the webhook outbox, the EVM and Bitcoin chains, the exchange ledger, permits and app fees in DIR (SQLite); a restart with the same DIR, even after kill -9, has them back. Default: in memory only",
    )
    .option(
      "--rpc-admin",
      "let /rpc/<chainId> run the chain-admin methods too (hardhat_setBalance, hardhat_setCode, hardhat_impersonateAccount, evm_*); refused by default",
    )
    .option("--rate-limit <n>", "API requests per window allowed per anonymous IP address (default 60000)")
    .option("--rate-limit-api-key <n>", "API requests per window allowed per API key (default 600000)")
    .option("--rate-limit-window <ms>", "length of a rate-limit window in ms (default 60000)")
    .option("--no-rate-limit", "turn rate limiting off (never answer 429)")
    .option(
      "--webhook-retries <n>",
      "retries of a failed webhook delivery after its first attempt (0-100; default 10, as live)",
    )
    .option(
      "--webhook-retry-delay <ms>",
      "delay before the first webhook retry, doubled for each next one (default 1000, ±20 % jitter)",
    )
    .option("--webhook-retry-max-delay <ms>", "cap of one webhook retry delay (default 60000)")
    .option(
      "--price-volatility <bps>",
      "the largest step of each price's seeded walk every 10 s, in basis points (0 to 1000; 0 holds prices still)",
      "5",
    )
    .option(
      "--price-seed <seed>",
      "the seed of the price walk: the same seed walks the same way",
      "attestkit-devnet",
    )
    .option("--json", "print the devnet info as one JSON object")
    .addHelpText(
      "after",
      [
        "",
        "Example:",
        "  $ attestkit devnet --port 8787     # then: attestkit --api http://127.0.0.1:8787 verify 0x<requestId>",
        "",
        "Needs Node.js >= 22.13 and the optional peers hardhat and @nomicfoundation/edr-linux-x64-gnu.",
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
    .action(async (options: DevnetOptions, command: Command) => {
      // Subcommands (replay-webhook) have their own actions; this one runs the devnet.
      // `--api-key` is also a global option: commander gives it to whichever level parsed it.
      // `$ATTESTKIT_API_KEY` stands in only as a webhook secret, so a key set for the real
      // service does not make a plain `attestkit devnet` fail.
      const apiKey =
        options.apiKey ??
        command.parent?.opts<{ apiKey?: string }>().apiKey ??
        (options.webhookUrl !== undefined ? readGlobalOptions({ command }).apiKey : undefined);
      const { runDevnet } = await import("./runDevnet.js");
      const controller = new AbortController();
      const onSignal = () => controller.abort();
      process.once("SIGINT", onSignal);
      process.once("SIGTERM", onSignal);
      // Its output's reader gone (`| head`): stop as on Ctrl+C, the state written out cleanly.
      io.onOutputClosed?.(onSignal);
      try {
        io.exit(
          await runDevnet({ ...options, ...(apiKey !== undefined ? { apiKey } : {}) }, io, {
            signal: controller.signal,
          }),
        );
      } finally {
        process.off("SIGINT", onSignal);
        process.off("SIGTERM", onSignal);
      }
    });
  registerDevnetReplayWebhook(devnet, io);
  registerDevnetTrigger(devnet, io);
}
