import type { Command } from "commander";
import type { DevnetOptions } from "../devnetCliTypes.js";
import type { Io } from "../io.js";
import { loadDevnetCli } from "../loadDevnetCli.js";
import { readGlobalOptions } from "../readGlobalOptions.js";

export type RunDevnetActionParameters = {
  /** The options as commander parsed them. */
  options: DevnetOptions;
  /** The `devnet` command. */
  command: Command;
  io: Io;
};

/**
 * The action of `attestkit devnet`: picks the webhook secret, imports `runDevnet` and runs it until
 * SIGINT, SIGTERM or the output's reader goes away, then exits with its code.
 *
 * @param parameters - {@link RunDevnetActionParameters}
 * @returns Once the devnet has stopped.
 * @example
 * command.action((options, command) => runDevnetAction({ options, command, io }))
 */
export async function runDevnetAction({ options, command, io }: RunDevnetActionParameters): Promise<void> {
  // Subcommands (replay-webhook) have their own actions; this one runs the devnet.
  // `--api-key` is also a global option: commander gives it to whichever level parsed it.
  // `$ATTESTKIT_API_KEY` stands in only as a webhook secret, so a key set for the real
  // service does not make a plain `attestkit devnet` fail.
  const apiKey =
    options.apiKey ??
    command.parent?.opts<{ apiKey?: string }>().apiKey ??
    (options.webhookUrl !== undefined ? readGlobalOptions({ command }).apiKey : undefined);
  const { runDevnet } = await loadDevnetCli({ needs: "attestkit devnet" });
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
}
