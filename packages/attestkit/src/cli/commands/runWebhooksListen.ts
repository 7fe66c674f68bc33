import { randomBytes } from "node:crypto";
import { createMemoryEventStore } from "../../webhooks/createMemoryEventStore.js";
import { CliError } from "../cliError.js";
import { exitCodes } from "../exitCodes.js";
import type { Io } from "../io.js";
import { reportError } from "../reportError.js";
import { closeListenServer } from "./closeListenServer.js";
import { handleListenDelivery, type ListenDeliveryContext } from "./handleListenDelivery.js";
import type { WebhooksListenOptions } from "./listenTypes.js";
import { parseListenOptions } from "./parseListenOptions.js";
import { type RegisterListenEndpointReturnType, registerListenEndpoint } from "./registerListenEndpoint.js";
import { startListenServer } from "./startListenServer.js";
import { stopListening } from "./stopListening.js";

// The headers are part of what `listen` promises the endpoint it forwards to: named with it.
export { forwardedHeaders } from "./forwardedHeaders.js";

/** What `listen` reports once it receives: its local URL and the API key to quote with. */
export type WebhooksListenReady = { url: string; apiKey: string };

/**
 * Runs `webhooks listen` until `signal` aborts and returns its exit code: registers a local
 * endpoint with the devnet (`POST /devnet/webhooks/endpoints`), verifies each delivery with
 * `verifyWebhook` (a delivery that fails is answered 401 and not forwarded), drops duplicates by
 * the event id of the signed body as `createWebhookHandler` does (a replayed delivery is answered
 * 200 `{duplicate: true}`, or 409 while its first delivery is being forwarded, and never forwarded
 * again), forwards the others with the same body, re-signed with the same secret and with
 * {@link forwardedHeaders} saying what was verified, and answers the devnet with the local URL's
 * status (502 when it cannot be reached), so retries behave as they would against it: an event the
 * local URL refused is forwarded again on the next attempt. When `signal` aborts it removes its
 * endpoint from the devnet (`DELETE /devnet/webhooks/endpoints/{id}`) and says so (`stopListening`).
 */
export async function runWebhooksListen(
  options: WebhooksListenOptions,
  io: Io,
  { signal, onReady }: { signal: AbortSignal; onReady?: (ready: WebhooksListenReady) => void },
): Promise<number> {
  let urls: { forwardTo: URL; devnet: URL };
  try {
    urls = parseListenOptions(options);
  } catch (error) {
    io.err(`error: ${(error as Error).message}`);
    return exitCodes.badInput;
  }
  const { forwardTo, devnet } = urls;
  const apiKey = options.apiKey ?? `whk_${randomBytes(16).toString("hex")}`;
  const context: ListenDeliveryContext = {
    apiKey,
    forwardTo,
    forwarded: createMemoryEventStore(),
    signal,
    print: (record, text) => io.out(options.json ? JSON.stringify(record) : text),
  };
  let started: Awaited<ReturnType<typeof startListenServer>>;
  try {
    started = await startListenServer({
      port: Number(options.port),
      handle: (request) => handleListenDelivery(request, context),
    });
  } catch (error) {
    io.err(`error: cannot listen on 127.0.0.1:${options.port}: ${(error as Error).message}`);
    return exitCodes.network;
  }
  const { server, url } = started;

  let registered: RegisterListenEndpointReturnType;
  try {
    registered = await registerListenEndpoint({ devnet, apiKey, url });
  } catch (cause) {
    await closeListenServer(server);
    return reportError({
      io,
      error: new CliError(`The devnet at ${options.devnet} did not answer.`, {
        exitCode: exitCodes.network,
        cause,
        metaMessages: options.devnetHint ? [options.devnetHint] : [],
      }),
    });
  }
  if ("refusal" in registered) {
    io.err(`error: the devnet at ${options.devnet} refused the endpoint: ${registered.refusal}`);
    await closeListenServer(server);
    return exitCodes.network;
  }

  if (options.json)
    io.out(
      JSON.stringify({ ready: true, url, apiKey, forwardTo: forwardTo.toString(), devnet: options.devnet }),
    );
  else {
    io.out(`Ready: deliveries of the devnet at ${options.devnet} arrive on ${url} and go to ${forwardTo}`);
    io.out(`Quote with x-api-key: ${apiKey}  (also the webhook secret your endpoint verifies with)`);
    io.out("Ctrl+C stops, and removes the endpoint from the devnet.");
  }
  onReady?.({ url, apiKey });
  if (!signal.aborted)
    await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
  await stopListening({ io, json: options.json, devnet, endpointId: registered.endpointId, server });
  return exitCodes.ok;
}
