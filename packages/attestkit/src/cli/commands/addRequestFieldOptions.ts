import type { Command } from "commander";

/**
 * Declares the flags that set a quote request's fields, the same in `quote` and `execute` (each
 * copied into the `POST /quote/v2` body under its field's name): from `--recipient` to `--ttl`; and
 * what becomes of a field attestkit does not know (`--strict-fields`, `--allow-field`).
 *
 * @param command - The command (`quote` or `execute`).
 * @returns The same command, for chaining.
 * @example
 * addRequestFieldOptions(program.command("quote").option("--user <address>", "...")).option(...)
 */
export function addRequestFieldOptions(command: Command): Command {
  return command
    .option("--recipient <address>", "who receives on the destination chain (default: the user)")
    .option("--origin-chain-id <id>", "origin chain id")
    .option("--destination-chain-id <id>", "destination chain id")
    .option("--origin-currency <address>", "currency paid (the zero address for the native one)")
    .option("--destination-currency <address>", "currency received")
    .option(
      "--amount <amount>",
      "digits in the smallest unit, or with a unit as cast takes it: 0.01ether, 1gwei, 1e16, 100usdc (the currency's symbol)",
    )
    .option("--trade-type <type>", "EXACT_INPUT, EXACT_OUTPUT or EXPECTED_OUTPUT (default: EXACT_INPUT)")
    .option("--refund-to <address>", "refund address on failure")
    .option("--referrer <name>", "echoed in status and webhooks")
    .option("--slippage-tolerance <bps>", "basis points, 0 to 10000")
    .option("--ttl <seconds>", "refund instead of fill when not filled within this many seconds")
    .option(
      "--strict-fields",
      "refuse request fields attestkit does not know (default: send them as given, with a warning)",
    )
    .option(
      "--allow-field <name>",
      "send this field as given, even when it looks like a typo of a known one (repeatable)",
      (name: string, names: string[] = []) => [...names, name],
    );
}
