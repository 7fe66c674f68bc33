import type { WebhookEvent } from "../schemas/types.js";
import { checkWebhookHandlerOptions } from "./checkWebhookHandlerOptions.js";
import { defaultMaxBodyBytes } from "./constants.js";
import { createMemoryEventStore } from "./createMemoryEventStore.js";
import type { InvalidWebhookOptionError, InvalidWebhookSecretError } from "./errors.js";
import { handleWebhookDelivery, type WebhookHandlerState } from "./handleWebhookDelivery.js";
import type { WebhookEventContext } from "./runWebhookEvent.js";
import type { WebhookEventStore } from "./types.js";
import type { VerifyWebhookParameters } from "./verifyWebhook.js";

export type { WebhookEventContext } from "./runWebhookEvent.js";

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
  store,
  dedupeTtlMs = defaultDedupeTtlMs,
  respond = "after-handler",
  waitUntil,
}: CreateWebhookHandlerParameters): CreateWebhookHandlerReturnType {
  // Fail at start-up, not on the first delivery.
  checkWebhookHandlerOptions({ secret, dedupeTtlMs, respond });
  const state: WebhookHandlerState = {
    secret,
    onEvent,
    onError,
    toleranceSeconds,
    now,
    maxBodyBytes,
    store: store === false ? undefined : (store ?? createMemoryEventStore()),
    dedupeTtlMs,
    respond,
    waitUntil,
    running: new Set(),
    work: new Set(),
  };
  const handler = (request: Request) => handleWebhookDelivery(state, request);
  return Object.assign(handler, {
    idle: async () => {
      while (state.work.size > 0) await Promise.allSettled([...state.work]);
    },
  });
}
