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
