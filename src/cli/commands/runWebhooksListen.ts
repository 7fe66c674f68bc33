import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describeError } from "../../errors/describeError.js";
import { signWebhook } from "../../webhooks/signWebhook.js";
import { verifyWebhook } from "../../webhooks/verifyWebhook.js";
import { exitCodes } from "../exitCodes.js";
import type { Io } from "../io.js";

export type WebhooksListenOptions = {
  forwardTo: string;
  devnet: string;
  port: string;
  json?: boolean;
  /** The API key whose events are received, also the HMAC secret; a fresh one when absent. */
  apiKey?: string | undefined;
};

/** The largest delivery body read, in bytes. */
const maxBodyBytes = 1024 * 1024;
/** Limit of one forward to the local URL, ms (the devnet's own attempt limit is 10 s). */
const forwardTimeoutMs = 9_000;

/** What `listen` reports once it receives: its local URL and the API key to quote with. */
export type WebhooksListenReady = { url: string; apiKey: string };

/**
 * Runs `webhooks listen` until `signal` aborts and returns its exit code: registers a local
 * endpoint with the devnet (`POST /devnet/webhooks/endpoints`), verifies each delivery with
 * `verifyWebhook` (a delivery that fails is answered 401 and not forwarded), forwards the verified
 * ones with the same body, re-signed with the same secret, and answers the devnet with the local
 * URL's status (502 when it cannot be reached), so retries behave as they would against it.
 */
export async function runWebhooksListen(
  options: WebhooksListenOptions,
  io: Io,
  { signal, onReady }: { signal: AbortSignal; onReady?: (ready: WebhooksListenReady) => void },
): Promise<number> {
  let forwardTo: URL;
  let devnet: URL;
  try {
    forwardTo = httpUrl("--forward-to", options.forwardTo);
    devnet = httpUrl("--devnet", options.devnet);
    if (!/^[0-9]+$/.test(options.port) || Number(options.port) > 65_535)
      throw new Error(`--port must be 0 to 65535, got ${JSON.stringify(options.port)}`);
  } catch (error) {
    io.err(`error: ${(error as Error).message}`);
    return exitCodes.badInput;
  }
  const apiKey = options.apiKey ?? `whk_${randomBytes(16).toString("hex")}`;
  const print = (record: Record<string, unknown>, text: string) =>
    io.out(options.json ? JSON.stringify(record) : text);

  const server: Server = createServer((request, response) => {
    void handle(request).then(
      ({ status, body }) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      },
      () => {
        response.writeHead(500);
        response.end();
      },
    );
  });

  const handle = async (request: IncomingMessage): Promise<{ status: number; body: unknown }> => {
    const raw = await readBody(request);
    const time = new Date().toISOString().slice(11, 23);
    const id = String(request.headers["x-event-id"] ?? "-");
    const attempt = String(request.headers["x-event-attempt"] ?? "-");
    if (raw === null) {
      print(
        { id, attempt, verified: false, reason: "body-too-large" },
        `${time}  ${id}  rejected: body over 1 MiB`,
      );
      return { status: 413, body: { message: "body too large" } };
    }
    let event: ReturnType<typeof verifyWebhook>;
    try {
      event = verifyWebhook({
        body: raw,
        headers: request.headers as Record<string, string>,
        secret: apiKey,
      });
    } catch (error) {
      const reason = (error as { reason?: string }).reason ?? describeError(error).message;
      print({ id, attempt, verified: false, reason }, `${time}  ${id}  rejected: ${reason} (not forwarded)`);
      return { status: 401, body: { message: `signature not verified: ${reason}` } };
    }
    const data = event.data as { requestId?: string; status?: string };
    let forwarded: number;
    let error: string | undefined;
    try {
      const answer = await fetch(forwardTo, {
        method: "POST",
        headers: {
          // The delivery's own headers (custom webhook headers included), then a fresh signature.
          ...passedHeaders(request),
          "content-type": "application/json",
          "x-event-id": id,
          "x-event-attempt": attempt,
          ...signWebhook({ body: raw, secret: apiKey }),
        },
        body: raw,
        signal: AbortSignal.any([signal, AbortSignal.timeout(forwardTimeoutMs)]),
      });
      forwarded = answer.status;
      await answer.arrayBuffer().catch(() => {});
    } catch (cause) {
      forwarded = 502;
      error = cause instanceof Error ? cause.message : String(cause);
    }
    print(
      {
        id,
        attempt: Number(attempt),
        verified: true,
        event: event.event,
        requestId: data.requestId ?? null,
        status: data.status ?? null,
        forwardedStatus: forwarded,
        ...(error ? { error } : {}),
      },
      `${time}  ${id}  attempt ${attempt}  ${event.event}  ${data.requestId ?? "-"}  ${String(data.status).padEnd(10)}  -> ${error ? `unreachable (${error}), 502` : forwarded}`,
    );
    return { status: forwarded, body: { forwarded } };
  };

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(Number(options.port), "127.0.0.1", () => resolve());
    });
  } catch (error) {
    io.err(`error: cannot listen on 127.0.0.1:${options.port}: ${(error as Error).message}`);
    return exitCodes.network;
  }
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });

  try {
    const response = await fetch(new URL("/devnet/webhooks/endpoints", devnet), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ apiKey, url }),
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== 201) {
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      io.err(
        `error: the devnet at ${options.devnet} refused the endpoint: ${body.message ?? `HTTP ${response.status}`}`,
      );
      await close();
      return exitCodes.network;
    }
  } catch (error) {
    io.err(`error: the devnet at ${options.devnet} did not answer: ${(error as Error).message}`);
    await close();
    return exitCodes.network;
  }

  if (options.json)
    io.out(
      JSON.stringify({ ready: true, url, apiKey, forwardTo: forwardTo.toString(), devnet: options.devnet }),
    );
  else {
    io.out(`Ready: deliveries of the devnet at ${options.devnet} arrive on ${url} and go to ${forwardTo}`);
    io.out(`Quote with x-api-key: ${apiKey}  (also the webhook secret your endpoint verifies with)`);
  }
  onReady?.({ url, apiKey });
  if (!signal.aborted)
    await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
  await close();
  return exitCodes.ok;
}

function httpUrl(flag: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${flag} must be an http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`${flag} must be an http(s) URL, got ${JSON.stringify(value)}`);
  return url;
}

/** The body as text, or null when it is over the limit. */
async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Headers that belong to one hop or are set again when forwarding. */
const droppedHeaders = new Set([
  "host",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
  "upgrade",
  "expect",
  "te",
  "trailer",
  "proxy-connection",
  "x-signature-timestamp",
  "x-signature-sha256",
]);

/** The delivery's headers to pass on: everything but the hop's own and the signature. */
function passedHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (!droppedHeaders.has(name) && value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return headers;
}
