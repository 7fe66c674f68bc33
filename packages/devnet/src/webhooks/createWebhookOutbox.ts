import { enqueueWebhook } from "./enqueueWebhook.js";
import { replayWebhookDelivery } from "./replayWebhookDelivery.js";
import { restoreWebhookOutbox } from "./restoreWebhookOutbox.js";
import type { SignDelivery, WebhookDelivery, WebhookOutboxState } from "./types.js";

export type { SignDelivery, WebhookDelivery } from "./types.js";

export type WebhookOutbox = {
  /** Queues an event for the API key's endpoint; ignored when the key has none. Returns the delivery. */
  enqueue: (parameters: {
    apiKey: string | undefined;
    requestId: string;
    payload: object;
  }) => WebhookDelivery | undefined;
  /** Every event queued so far, oldest first. */
  deliveries: () => readonly WebhookDelivery[];
  /**
   * Takes back deliveries stored by an earlier run (oldest first): all are listed again, and those
   * still `queued` are sent again, in order per request.
   */
  restore: (stored: readonly { delivery: WebhookDelivery; apiKey: string }[]) => void;
  /**
   * Sends a `failed` delivery again (same id and body, a fresh set of retries) after the request's
   * queued events. `not-found` for an unknown id, `not-failed` for one queued or delivered.
   */
  replay: (id: string) => { delivery: WebhookDelivery } | { error: "not-found" | "not-failed" };
  /** Resolves when nothing is queued any more (every event delivered or failed). */
  idle: () => Promise<void>;
  /** Stops retry timers and in-flight attempts; queued events stay `queued`. */
  stop: () => void;
};

export type CreateWebhookOutboxParameters = {
  /** Webhook endpoint URL per API key (one endpoint per key). */
  endpoints: ReadonlyMap<string, string>;
  /**
   * Custom headers per API key, sent with every delivery to its endpoint (checked by
   * `checkWebhookHeaders`). They never replace a header the delivery sets itself.
   */
  headers?: ReadonlyMap<string, Readonly<Record<string, string>>> | undefined;
  sign: SignDelivery;
  /** Retries after the first attempt. Default 10. */
  retries?: number | undefined;
  /** Delay before the first retry, doubled for each next one. Default 1000 ms. */
  baseDelayMs?: number | undefined;
  /** Cap of one delay. Default 60 000 ms. */
  maxDelayMs?: number | undefined;
  /** Limit of one attempt. Default 10 000 ms. */
  timeoutMs?: number | undefined;
  /**
   * Attempts in flight at once per endpoint URL. Default 32. Per endpoint, so a dead or hanging
   * endpoint only ever holds its own slots: other endpoints' events are not held back.
   */
  concurrency?: number | undefined;
  /** Called with every new or changed delivery (and the API key that signs it), to store it. */
  persist?: ((delivery: WebhookDelivery, apiKey: string) => void) | undefined;
  log?: ((message: string) => void) | undefined;
};

/**
 * Creates the webhook outbox: every event is POSTed to the endpoint of its API key, signed, with the
 * key's custom headers, and
 * retried up to `retries` times with exponential backoff (±20 % jitter) until a 2xx answer. Events of
 * one request go out strictly in order (the next waits until the previous is delivered or has failed
 * its last retry); different requests are independent: delivered in parallel, with attempt slots
 * per endpoint, so a dead endpoint holds back only the later events of its own requests. Nothing is
 * dropped: a delivery that failed every attempt stays listed as `failed` and can be `replay`ed, and
 * with `persist` every change is stored so that `restore` resumes the queue after a restart.
 *
 * @param parameters - {@link CreateWebhookOutboxParameters}
 * @returns The outbox. {@link WebhookOutbox}
 * @example
 * const outbox = createWebhookOutbox({ endpoints: new Map([[key, url]]), sign })
 * outbox.enqueue({ apiKey: key, requestId, payload: { event: "request.status.updated", timestamp, data } })
 */
export function createWebhookOutbox(parameters: CreateWebhookOutboxParameters): WebhookOutbox {
  const {
    endpoints,
    headers: customHeaders = new Map(),
    sign,
    retries = 10,
    baseDelayMs = 1000,
    maxDelayMs = 60_000,
    timeoutMs = 10_000,
    concurrency = 32,
    persist = () => {},
    log = () => {},
  } = parameters;
  const state: WebhookOutboxState = {
    settings: {
      endpoints,
      customHeaders,
      sign,
      retries,
      baseDelayMs,
      maxDelayMs,
      timeoutMs,
      concurrency,
      persist,
      log,
    },
    all: [],
    byId: new Map(),
    tails: new Map(),
    controller: new AbortController(),
    slots: new Map(),
    pending: 0,
    idleWaiters: [],
  };
  return {
    enqueue: (parameters) => enqueueWebhook(state, parameters),
    restore: (stored) => restoreWebhookOutbox(state, stored),
    replay: (id) => replayWebhookDelivery(state, id),
    deliveries: () => state.all,
    idle: () =>
      state.pending === 0 ? Promise.resolve() : new Promise((resolve) => state.idleWaiters.push(resolve)),
    stop: () => state.controller.abort(),
  };
}
