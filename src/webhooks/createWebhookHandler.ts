import { createHash } from "node:crypto";
import type { WebhookEvent } from "../schemas/types.js";
import { defaultMaxBodyBytes } from "./constants.js";
import { createMemoryEventStore } from "./createMemoryEventStore.js";
import { InvalidWebhookOptionError, InvalidWebhookSecretError, WebhookVerificationError } from "./errors.js";
import { readBody } from "./internal/readBody.js";
import type { WebhookEventStore } from "./types.js";
import { type VerifyWebhookParameters, verifyWebhook } from "./verifyWebhook.js";

/** What `onEvent` is told besides the event. */
export type WebhookEventContext = {
  /** The delivery's request (its body already read). */
  request: Request;
  /** The id duplicates are dropped by: the event's `id`, else the SHA-256 of the raw body. */
  eventId: string;
};

export type CreateWebhookHandlerParameters = {
  /** The API key the webhook endpoint is tied to. */
  secret: string;
  /**
   * Called once per event, however often and however concurrently it is delivered. Throwing
   * answers 500 (with `respond: "after-handler"`) and releases the event, so a retry runs it.
   */
  onEvent: (event: WebhookEvent, context: WebhookEventContext) => void | Promise<void>;
  /** Called with every rejected delivery's error and every error `onEvent` or the store throws. */
  onError?: ((error: unknown, context: { request: Request }) => void) | undefined;
  /** Largest accepted distance between the delivery's timestamp and now, both ways. Defaults to 300. */
  toleranceSeconds?: number | undefined;
  /** The receiver's clock in Unix milliseconds. Defaults to `Date.now()`. */
  now?: VerifyWebhookParameters["now"];
  /** Largest accepted body in bytes. Defaults to 1 MiB. */
  maxBodyBytes?: number | undefined;
  /**
   * Where handled event ids are kept: in memory by default (one process); a shared store for
   * several processes; `false` to run `onEvent` for every authentic delivery, duplicates too.
   */
  store?: WebhookEventStore | false | undefined;
  /**
   * How long an event id is remembered, in milliseconds: longer than the sender retries (the
   * service retries up to 10 times with exponential backoff). Defaults to 24 hours.
   */
  dedupeTtlMs?: number | undefined;
  /**
   * When to answer. `after-handler` (default): once `onEvent` has finished, 200 or, if it threw,
   * 500 so the event is delivered again: nothing is lost, but a handler slower than the sender's
   * timeout (10 s) makes it retry (that retry is answered 409 while the first still runs).
   * `before-handler`: 200 as soon as the delivery is verified and claimed, `onEvent` running after;
   * the sender never times out, but if `onEvent` fails or the process dies the event is not
   * delivered again: persist it first (a queue, a table) and do the slow work from there.
   */
  respond?: "after-handler" | "before-handler" | undefined;
  /**
   * With `before-handler`, keeps the work alive past the response where the platform needs it
   * (e.g. a worker's `ctx.waitUntil`).
   */
  waitUntil?: ((work: Promise<unknown>) => void) | undefined;
};

/** A web-standard request handler (`fetch`-style): Request in, Response out. */
export type WebhookHandler = (request: Request) => Promise<Response>;

export type CreateWebhookHandlerReturnType = WebhookHandler & {
  /** Resolves when every `onEvent` started so far has settled (for shutdown and tests). */
  idle: () => Promise<void>;
};

export type CreateWebhookHandlerErrorType = InvalidWebhookSecretError | InvalidWebhookOptionError;

/** Default time an event id is remembered: 24 hours. */
export const defaultDedupeTtlMs = 24 * 60 * 60 * 1000;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/**
 * Creates a handler for webhook deliveries over web-standard `Request`/`Response`: it reads the raw
 * body, verifies it, drops duplicates by event id, calls `onEvent`, and answers 200 on success; 401
 * when the signature or timestamp fails, 400 for an authentic but unreadable body, 405 for other
 * methods, 413 for oversized bodies, 409 while another delivery of the same event is being handled,
 * 503 when the event store fails, and 500 when `onEvent` throws. Every non-2xx answer makes the
 * service deliver again; a duplicate of a handled event is answered 200 without calling `onEvent`.
 *
 * Duplicates are told by the event's `id` (in the signed body; the `X-Event-Id` header carries the
 * same value but is not signed, so it is not trusted), or by the SHA-256 of the raw body when the
 * event has no id (the sender sends the same body on every attempt).
 *
 * @param parameters - {@link CreateWebhookHandlerParameters}
 * @returns The handler. {@link CreateWebhookHandlerReturnType}
 * @throws InvalidWebhookSecretError, InvalidWebhookOptionError (a bad `dedupeTtlMs` or `respond`).
 * @example
 * const handler = createWebhookHandler({ secret: apiKey, onEvent: (event) => queue.push(event) })
 * export default { fetch: handler }
 */
export function createWebhookHandler({
  secret,
  onEvent,
  onError,
  toleranceSeconds,
  now,
  maxBodyBytes = defaultMaxBodyBytes,
  store: given,
  dedupeTtlMs = defaultDedupeTtlMs,
  respond = "after-handler",
  waitUntil,
}: CreateWebhookHandlerParameters): CreateWebhookHandlerReturnType {
  // Fail at start-up, not on the first delivery.
  if (typeof secret !== "string" || secret.length === 0) throw new InvalidWebhookSecretError();
  if (!Number.isSafeInteger(dedupeTtlMs) || dedupeTtlMs <= 0)
    throw new InvalidWebhookOptionError({ option: "dedupeTtlMs", value: dedupeTtlMs });
  if (respond !== "after-handler" && respond !== "before-handler")
    throw new InvalidWebhookOptionError({ option: "respond", value: respond });
  const store = given === false ? undefined : (given ?? createMemoryEventStore());
  // Events this process is running now: a delivery of one of them is answered 409, even when a
  // shared store cannot tell "in progress" from "handled".
  const running = new Set<string>();
  const work = new Set<Promise<void>>();

  // Runs onEvent and settles the event's claim; resolves true when onEvent succeeded.
  const run = async (event: WebhookEvent, context: WebhookEventContext): Promise<boolean> => {
    const { request, eventId } = context;
    running.add(eventId);
    try {
      await onEvent(event, context);
    } catch (error) {
      onError?.(error, { request });
      await settle(() => store?.release?.(eventId), request);
      return false;
    } finally {
      running.delete(eventId);
    }
    await settle(() => store?.complete?.(eventId, dedupeTtlMs), request);
    return true;
  };
  // A store that fails to release or complete is reported; the answer does not change.
  const settle = async (step: () => void | Promise<void>, request: Request) => {
    try {
      await step();
    } catch (error) {
      onError?.(error, { request });
    }
  };

  const handler = async (request: Request): Promise<Response> => {
    if (request.method !== "POST") return json(405, { error: "method-not-allowed" }, { allow: "POST" });
    const body = await readBody(request, maxBodyBytes);
    if (!body) return json(413, { error: "body-too-large" });
    let event: WebhookEvent;
    try {
      event = verifyWebhook({ body, headers: request.headers, secret, toleranceSeconds, now });
    } catch (error) {
      onError?.(error, { request });
      if (error instanceof WebhookVerificationError)
        return json(error.reason === "invalid-body" ? 400 : 401, { error: error.reason });
      throw error;
    }
    const eventId = event.id ?? `sha256:${createHash("sha256").update(body).digest("hex")}`;
    const context: WebhookEventContext = { request, eventId };

    if (store) {
      let claim: Awaited<ReturnType<WebhookEventStore["claim"]>>;
      try {
        claim = await store.claim(eventId, dedupeTtlMs);
      } catch (error) {
        // Fail closed: without knowing whether it ran, do not run it; the sender retries.
        onError?.(error, { request });
        return json(503, { error: "store-unavailable" }, { "retry-after": "5" });
      }
      if (claim !== true) {
        if (claim === "in-progress" || running.has(eventId))
          return json(409, { error: "in-progress" }, { "retry-after": "10" });
        return json(200, { received: true, duplicate: true });
      }
    }

    if (respond === "before-handler") {
      const done = run(event, context).then(() => {});
      work.add(done);
      void done.finally(() => work.delete(done));
      waitUntil?.(done);
      return json(200, { received: true });
    }
    const pending = run(event, context);
    const tracked = pending.then(() => {});
    work.add(tracked);
    void tracked.finally(() => work.delete(tracked));
    return (await pending) ? json(200, { received: true }) : json(500, { error: "handler-failed" });
  };
  return Object.assign(handler, {
    idle: async () => {
      while (work.size > 0) await Promise.allSettled([...work]);
    },
  });
}
