import type { Command } from "commander";

/**
 * Declares the options of `attestkit devnet`: its port and chains, the webhook endpoint of an API
 * key, block times, durable state, JSON-RPC admin, rate limits, webhook retries and the price walk.
 *
 * @param command - The `devnet` command.
 * @returns The same command, for chaining.
 * @example
 * addDevnetOptions(program.command("devnet")).action(run)
 */
export function addDevnetOptions(command: Command): Command {
  return command
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
    .option(
      "--orphan-refund-delay <ms>",
      "how long a deposit no request can claim waits before it is refunded, ORPHANED_DEPOSIT_REFUND (default 30000; 0 at once)",
    )
    .option("--json", "print the devnet info as one JSON object");
}
