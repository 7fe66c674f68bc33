import type { Command } from "commander";
import { CliError } from "../cliError.js";
import { exitCodes } from "../exitCodes.js";
import type { Io } from "../io.js";
import { plural } from "../plural.js";
import { devnetOptionDescription, readDevnetUrl } from "../readDevnetUrl.js";
import { readResponseJson } from "../readResponseJson.js";
import { reportError } from "../reportError.js";

export type DevnetReplayWebhookOptions = {
  /** Base URL of the running devnet. */
  devnet: string;
  /** Said when the devnet cannot be reached: the URL used and how to name another. */
  devnetHint?: string | undefined;
  json?: boolean;
};

/** How long the devnet may take to answer, in ms. */
const requestTimeoutMs = 10_000;

/** Registers `attestkit devnet replay-webhook ID`. */
export function registerDevnetReplayWebhook(devnet: Command, io: Io): void {
  devnet
    .command("replay-webhook")
    .description("Send a failed webhook delivery of a running devnet again (same event id and body)")
    .argument("<ID>", "the delivery's event id (evt_..., listed by GET /devnet/webhooks)")
    .option("--devnet <url>", devnetOptionDescription)
    .option("--json", "print the devnet's answer as JSON")
    .addHelpText(
      "after",
      [
        "",
        "Example:",
        "  $ attestkit devnet replay-webhook evt_0123abcd --devnet http://127.0.0.1:8787",
        "",
        "Exit codes: 0 queued again, 1 the delivery has not failed (queued or delivered),",
        "2 bad input (no such delivery, a malformed URL), 3 the devnet cannot be reached.",
      ].join("\n"),
    )
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      // `devnet` has its own --json: commander gives the flag to it when it follows the subcommand.
      const json = options.json ?? command.parent?.opts<{ json?: boolean }>().json;
      const devnet = readDevnetUrl({ command });
      io.exit(
        await runDevnetReplayWebhook(
          id,
          { ...(json ? { json } : {}), devnet: devnet.url, devnetHint: devnet.hint },
          io,
        ),
      );
    });
}

/**
 * Asks a running devnet to replay one failed webhook delivery (`POST /devnet/webhooks/{id}/replay`)
 * and returns the exit code.
 */
export async function runDevnetReplayWebhook(
  id: string,
  options: DevnetReplayWebhookOptions,
  io: Io,
): Promise<number> {
  let url: URL;
  try {
    url = new URL(`/devnet/webhooks/${encodeURIComponent(id)}/replay`, options.devnet);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("not http(s)");
  } catch {
    io.err(`error: --devnet must be an http(s) URL, got ${JSON.stringify(options.devnet)}`);
    return exitCodes.badInput;
  }
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(id)) {
    io.err(`error: ${JSON.stringify(id.slice(0, 80))} is not a delivery id (evt_...)`);
    return exitCodes.badInput;
  }
  let status: number;
  let body: { message?: string; delivery?: { id: string; url: string; attempts: number } };
  try {
    const response = await fetch(url, { method: "POST", signal: AbortSignal.timeout(requestTimeoutMs) });
    status = response.status;
    body = (await readResponseJson(response)) as typeof body;
  } catch (cause) {
    return reportError({
      io,
      error: new CliError(`The devnet at ${options.devnet} did not answer.`, {
        exitCode: exitCodes.network,
        cause,
        metaMessages: options.devnetHint ? [options.devnetHint] : [],
      }),
    });
  }
  if (options.json) io.out(JSON.stringify(body));
  if (status === 202) {
    if (!options.json)
      io.out(
        `webhook ${id} queued again for ${body.delivery?.url} (${plural(body.delivery?.attempts ?? 0, "attempt")} so far)`,
      );
    return exitCodes.ok;
  }
  io.err(`error: ${body.message ?? `the devnet answered HTTP ${status}`}`);
  if (status === 409) return exitCodes.invalid;
  if (status === 404) return exitCodes.badInput;
  return exitCodes.network;
}
