import type { Command } from "commander";
import type { DevnetTriggerOptions } from "../devnetCliTypes.js";
import { devnetScenarios } from "../devnetScenarios.js";
import type { Io } from "../io.js";
import { loadDevnetCli } from "../loadDevnetCli.js";
import { devnetOptionDescription, readDevnetUrl } from "../readDevnetUrl.js";
import { readGlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";

/** The flags as parsed: `--devnet` is read with `--api` and `$ATTESTKIT_API` (`readDevnetUrl`). */
type TriggerFlags = Omit<DevnetTriggerOptions, "devnet"> & { devnet?: string };

/** Registers `attestkit devnet trigger SCENARIO`; the work is in `runDevnetTrigger`, imported when the command runs. */
export function registerDevnetTrigger(devnet: Command, io: Io): void {
  devnet
    .command("trigger")
    .description(
      "Drive a fresh request of a running devnet into a scenario's end (for webhook and status code)",
    )
    .argument("[SCENARIO]", `one of ${devnetScenarios.map((s) => s.name).join(", ")}`)
    .option("--devnet <url>", devnetOptionDescription)
    .option("--account <index>", "the devnet test account that pays (0-9)", "9")
    .option(
      "--chain <id>",
      "chain-disabled, block-lagging: the chain of the incident (default: the destination chain)",
    )
    .option("--clear", "chain-disabled, block-lagging: end the incident instead of starting it")
    .option("--currency <group>", "price-move: the currency whose price moves (eth, btc, usdc)", "eth")
    .option(
      "--bps <n>",
      "price-move: basis points of its starting price, -9999 to 100000 (moves add up: -30 then 30 is back)",
    )
    .option("--list", "list the scenarios, with why one is unavailable")
    .option(
      "--json",
      "print JSON Lines: {requestId}, then {requestId, status, at, failReason, refundFailReason} per status",
    )
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ attestkit devnet trigger ttl-expired --devnet http://127.0.0.1:8787",
        "  $ attestkit --api-key KEY devnet trigger double-spend --json",
        "  $ attestkit devnet trigger price-move --currency eth --bps -30",
        "  $ attestkit devnet trigger chain-disabled --chain 31338      # then: --clear",
        "",
        "The quote carries the global --api-key (or $ATTESTKIT_API_KEY), so that key's webhook endpoint",
        "gets the events. A trigger whose output is closed early (`| head -1`) still drives its request",
        "to the end, then exits with its own code: a closed pipe never leaves a request half-paid.",
        "chain-disabled and block-lagging set an incident (no payment): the chain's flag in GET /chains and a",
        "probe quote (chain-disabled: refused 400 CHAIN_DISABLED); it lasts until --clear or a restart.",
        "Exit codes: 0 the request reached the scenario's end, 1 it ended elsewhere,",
        "2 bad input (an unknown or unavailable scenario), 3 the devnet failed or timed out.",
      ].join("\n"),
    )
    .action(async (scenario: string | undefined, options: TriggerFlags, command: Command) => {
      // `devnet` has its own --json: commander gives the flag to it when it follows `trigger`.
      const json = options.json ?? command.parent?.opts<{ json?: boolean }>().json;
      // The request is paid once quoted: with its output gone, the trigger still follows it to the end.
      io.onOutputClosed?.(() => {});
      try {
        const global = readGlobalOptions({ command });
        const devnet = readDevnetUrl({ command });
        // `--api-key` before `devnet` is the global one; after it, `devnet`'s own.
        const apiKey = command.parent?.opts<{ apiKey?: string }>().apiKey ?? global.apiKey;
        const { runDevnetTrigger } = await loadDevnetCli({ needs: "attestkit devnet trigger" });
        io.exit(
          await runDevnetTrigger(
            scenario,
            {
              ...options,
              devnet: devnet.url,
              devnetHint: devnet.hint,
              ...(json ? { json } : {}),
              ...(apiKey ? { apiKey } : {}),
              ...(global.timeoutMs !== undefined ? { timeoutMs: global.timeoutMs } : {}),
            },
            io,
          ),
        );
      } catch (error) {
        io.exit(reportError({ io, error, json }));
      }
    });
}
