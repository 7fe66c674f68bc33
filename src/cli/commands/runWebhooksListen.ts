import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describeError } from "../../errors/describeError.js";
import { webhookHeaders } from "../../webhooks/constants.js";
import { createMemoryEventStore } from "../../webhooks/createMemoryEventStore.js";
import { defaultDedupeTtlMs } from "../../webhooks/createWebhookHandler.js";
import { signWebhook } from "../../webhooks/signWebhook.js";
import { verifyWebhook } from "../../webhooks/verifyWebhook.js";
import { CliError } from "../cliError.js";
import { exitCodes } from "../exitCodes.js";
import type { Io } from "../io.js";
import { readResponseJson } from "../readResponseJson.js";
import { reportError } from "../reportError.js";
import { statusStyle } from "../statusStyle.js";
import { type Line, styled } from "../styledText.js";

export type WebhooksListenOptions = {
  forwardTo: string;
  devnet: string;
  /** Said when the devnet cannot be reached: the URL used and how to name another. */
  devnetHint?: string | undefined;
  port: string;
  json?: boolean;
  /** The API key whose events are received, also the HMAC secret; a fresh one when absent. */
  apiKey?: string | undefined;
};

/** The largest delivery body read, in bytes. */
const maxBodyBytes = 1024 * 1024;
/** Limit of one forward to the local URL, ms (the devnet's own attempt limit is 10 s). */
const forwardTimeoutMs = 9_000;

/**
 * What a forwarded delivery says about the checks `listen` made before forwarding it: the sender's
 * HMAC-SHA256 signature of the body with the key, its timestamp within the tolerance (300 s), and
 * that no earlier delivery of the event id was forwarded. The forward is signed again, with a fresh
 * timestamp, so the sender's own timestamp and signature travel in headers of their own.
 */
export const forwardedHeaders = {
  /** `signature, timestamp, first-delivery`: the checks the delivery passed. */
  verified: "x-attestkit-verified",
  /** The timestamp the sender signed (the forward's `X-Signature-Timestamp` is listen's own). */
  originalTimestamp: "x-attestkit-original-timestamp",
  /** The sender's signature, which the endpoint can check itself over `<original timestamp>.<body>`. */
  originalSignature: "x-attestkit-original-signature",
} as const;

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
 * local URL refused is forwarded again on the next attempt.
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
  const print = (record: Record<string, unknown>, text: Line) =>
    io.out(options.json ? JSON.stringify(record) : text);
  // Event ids forwarded (or being forwarded), kept as long as the webhook handler keeps them.
  const forwarded = createMemoryEventStore();

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
      print({ id, attempt, verified: false, reason: "body-too-large" }, [
        `${time}  ${id}  `,
        styled("rejected", "bad"),
        ": body over 1 MiB",
      ]);
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
      print({ id, attempt, verified: false, reason }, [
        `${time}  ${id}  `,
        styled("rejected", "bad"),
        `: ${reason} (not forwarded)`,
      ]);
      return { status: 401, body: { message: `signature not verified: ${reason}` } };
    }
    const data = event.data as { requestId?: string; status?: string };
    // The id of the signed body (the X-Event-Id header is not signed), else the body's digest.
    const eventId = event.id ?? `sha256:${createHash("sha256").update(raw).digest("hex")}`;
    const claim = await forwarded.claim(eventId, defaultDedupeTtlMs);
    if (claim !== true) {
      const inProgress = claim === "in-progress";
      print(
        { id: eventId, attempt: Number(attempt), verified: true, duplicate: true, event: event.event },
        `${time}  ${eventId}  attempt ${attempt}  duplicate of a delivery ${inProgress ? "being forwarded" : "already forwarded"} (not forwarded)`,
      );
      return inProgress
        ? { status: 409, body: { message: "this event is being forwarded" } }
        : { status: 200, body: { duplicate: true } };
    }
    let status: number;
    let error: string | undefined;
    try {
      const answer = await fetch(forwardTo, {
        method: "POST",
        headers: {
          // The delivery's own headers (custom webhook headers included), then what listen verified
          // and a fresh signature.
          ...passedHeaders(request),
          "content-type": "application/json",
          "x-event-id": eventId,
          "x-event-attempt": attempt,
          [forwardedHeaders.verified]: "signature, timestamp, first-delivery",
          [forwardedHeaders.originalTimestamp]: String(request.headers[webhookHeaders.timestamp]),
          [forwardedHeaders.originalSignature]: String(request.headers[webhookHeaders.signature]),
          ...signWebhook({ body: raw, secret: apiKey }),
        },
        body: raw,
        signal: AbortSignal.any([signal, AbortSignal.timeout(forwardTimeoutMs)]),
      });
      status = answer.status;
      // Only the status goes back to the devnet: the answer's body is not read.
      await answer.body?.cancel().catch(() => {});
    } catch (cause) {
      status = 502;
      error = cause instanceof Error ? cause.message : String(cause);
    }
    // Delivered: later deliveries of the event are duplicates. Refused: the sender's retry is
    // forwarded again.
    if (status >= 200 && status < 300) await forwarded.complete(eventId, defaultDedupeTtlMs);
    else await forwarded.release(eventId);
    print(
      {
        id: eventId,
        attempt: Number(attempt),
        verified: true,
        event: event.event,
        requestId: data.requestId ?? null,
        status: data.status ?? null,
        forwardedStatus: status,
        ...(error ? { error } : {}),
      },
      [
        `${time}  ${eventId}  attempt ${attempt}  ${event.event}  ${data.requestId ?? "-"}  `,
        styled(String(data.status), statusStyle(data.status)),
        `${" ".repeat(Math.max(0, 10 - String(data.status).length))}  -> `,
        error
          ? styled(`unreachable (${error}), 502`, "bad")
          : styled(String(status), status < 300 ? "good" : "bad"),
      ],
    );
    return { status, body: { forwarded: status } };
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
      const body = (await readResponseJson(response).catch(() => ({}))) as { message?: string };
      io.err(
        `error: the devnet at ${options.devnet} refused the endpoint: ${body.message ?? `HTTP ${response.status}`}`,
      );
      await close();
      return exitCodes.network;
    }
  } catch (cause) {
    await close();
    return reportError({
      io,
      error: new CliError(`The devnet at ${options.devnet} did not answer.`, {
        exitCode: exitCodes.network,
        cause,
        metaMessages: options.devnetHint ? [options.devnetHint] : [],
      }),
    });
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
  "x-event-id",
  "x-event-attempt",
]);

/**
 * The delivery's headers to pass on: everything but the hop's own, the signature and the event id
 * (set again from what was verified), and none that would pose as listen's own verdict.
 */
function passedHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (!droppedHeaders.has(name) && !name.startsWith("x-attestkit-") && value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return headers;
}
