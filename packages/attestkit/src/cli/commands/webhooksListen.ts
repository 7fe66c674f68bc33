import type { Command } from "commander";
import { describeError } from "../../errors/describeError.js";
import { exitCodes } from "../exitCodes.js";
import type { Io } from "../io.js";
import { devnetOptionDescription, readDevnetUrl } from "../readDevnetUrl.js";
import { readGlobalOptions } from "../readGlobalOptions.js";
import type { WebhooksListenOptions } from "./listenTypes.js";

/** Registers `attestkit webhooks` and `webhooks listen`; the work is in `runWebhooksListen`, imported when the command runs. */
export function registerWebhooks(program: Command, io: Io): void {
  const webhooks = program
    .command("webhooks")
    .description("Work with webhook deliveries: listen to a devnet's and forward them to a local URL")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ attestkit webhooks listen --forward-to http://localhost:3000/webhooks",
        "",
        "Commands take --json for machine-readable output.",
        "Exit codes: 0 stopped cleanly, 2 bad input, 3 the devnet cannot be reached.",
      ].join("\n"),
    );
  webhooks
    .command("listen")
    .description(
      "Register a webhook endpoint with a devnet, receive its deliveries, verify them, print one line each and forward them, signed, to --forward-to; remove the endpoint when stopped",
    )
    .requiredOption("--forward-to <url>", "the local URL each verified delivery is forwarded to")
    .option("--devnet <url>", devnetOptionDescription)
    .option("--port <port>", "local port the deliveries arrive on (0 picks a free one)", "0")
    .option("--json", "print JSON Lines: {ready}, then one object per delivery")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ attestkit webhooks listen --forward-to http://localhost:3000/webhooks",
        "  $ attestkit --api-key my-key webhooks listen --forward-to http://localhost:3000/hooks --devnet http://127.0.0.1:8787",
        "",
        "Requests quoted with x-api-key: KEY (the global --api-key or $ATTESTKIT_API_KEY; a fresh key",
        "is made and printed when neither is set) are delivered here. The key is the HMAC secret: each",
        "delivery is verified with it (signature, and timestamp within 300 s), dropped when its event id",
        "was forwarded before (a replay is answered 200 and not forwarded), and forwarded re-signed with",
        "it, with X-Event-Id (the signed body's id), X-Event-Attempt, and what was verified:",
        "X-Attestkit-Verified, X-Attestkit-Original-Timestamp and X-Attestkit-Original-Signature (the",
        "sender's own, which the endpoint can check itself). The local answer's status goes back to the",
        "devnet, so a failing endpoint gets the retries.",
        "Stops on SIGINT (Ctrl+C) or SIGTERM, and the same way when its output is closed (`| head`);",
        "stopping removes the endpoint from the devnet (DELETE /devnet/webhooks/endpoints/{id}), so the",
        "devnet posts and retries nothing more to the closed port, and says so ({stopped} with --json).",
        "Exit codes: 0 stopped cleanly, 2 bad input, 3 the devnet cannot be reached or refused the endpoint.",
      ].join("\n"),
    )
    .action(async (options: Omit<WebhooksListenOptions, "devnet">, command: Command) => {
      const { runWebhooksListen } = await import("./runWebhooksListen.js");
      const controller = new AbortController();
      const onSignal = () => controller.abort();
      process.once("SIGINT", onSignal);
      process.once("SIGTERM", onSignal);
      // Nobody reads the deliveries' lines any more: stop as on Ctrl+C, the endpoint closed cleanly.
      io.onOutputClosed?.(onSignal);
      try {
        const { apiKey } = readGlobalOptions({ command });
        const devnet = readDevnetUrl({ command });
        io.exit(
          await runWebhooksListen(
            { ...options, devnet: devnet.url, devnetHint: devnet.hint, ...(apiKey ? { apiKey } : {}) },
            io,
            { signal: controller.signal },
          ),
        );
      } catch (error) {
        io.err(`error: ${describeError(error).message}`);
        io.exit(exitCodes.badInput);
      } finally {
        process.off("SIGINT", onSignal);
        process.off("SIGTERM", onSignal);
      }
    });
}
