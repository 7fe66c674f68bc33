import { randomUUID } from "node:crypto";
import { crashPoint } from "../crashPoint.js";
import { reservedWebhookHeaders } from "./checkWebhookHeaders.js";

/** Signs a delivery: the verification headers for `body` under `secret`. */
export type SignDelivery = (parameters: { body: string; secret: string }) => Record<string, string>;

/** One event and what happened to it. */
export type WebhookDelivery = {
  /** Event id, sent as `X-Event-Id` and as the body's `id`: receivers drop duplicates by it. */
  id: string;
  requestId: string;
  url: string;
  /** The exact body sent on every attempt. */
  body: string;
  /** `queued` (waiting for its turn or its next attempt), `delivered`, or `failed` after the last retry. */
  state: "queued" | "delivered" | "failed";
  /** Attempts made so far (1 + retries). */
  attempts: number;
  /** HTTP status or error of the last attempt. */
  lastResult: string | undefined;
};

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
  const all: WebhookDelivery[] = [];
  const byId = new Map<string, { delivery: WebhookDelivery; apiKey: string }>();
  // The tail of each request's chain of deliveries: the next one starts when it settles.
  const tails = new Map<string, Promise<void>>();
  const controller = new AbortController();
  // Attempt slots per endpoint URL.
  const slots = new Map<string, { active: number; waiters: (() => void)[] }>();
  let pending = 0;
  let idleWaiters: (() => void)[] = [];

  const slotOf = (url: string) => {
    const slot = slots.get(url) ?? { active: 0, waiters: [] };
    slots.set(url, slot);
    return slot;
  };
  const acquire = async (url: string) => {
    const slot = slotOf(url);
    while (slot.active >= concurrency) await new Promise<void>((resolve) => slot.waiters.push(resolve));
    slot.active++;
  };
  const release = (url: string) => {
    const slot = slotOf(url);
    slot.active--;
    slot.waiters.shift()?.();
  };
  const save = (delivery: WebhookDelivery) => {
    const entry = byId.get(delivery.id);
    if (!entry) return;
    try {
      persist(delivery, entry.apiKey);
    } catch (error) {
      log(`webhook ${delivery.id}: not stored: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (controller.signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        controller.signal.removeEventListener("abort", done);
        resolve();
      }
      controller.signal.addEventListener("abort", done, { once: true });
    });

  const attempt = async (delivery: WebhookDelivery, secret: string): Promise<boolean> => {
    await acquire(delivery.url);
    try {
      delivery.attempts++;
      const own: Record<string, string> = {
        "content-type": "application/json",
        "x-event-id": delivery.id,
        "x-event-attempt": String(delivery.attempts),
        ...sign({ body: delivery.body, secret }),
      };
      // The API key is the secret: its endpoint's custom headers go first, and any name the
      // delivery sets itself (in any case) is left out, so they never replace the signature.
      const ownNames = new Set([...Object.keys(own), ...reservedWebhookHeaders].map((n) => n.toLowerCase()));
      const custom = Object.entries<string>(customHeaders.get(secret) ?? {}).filter(
        ([name]) => !ownNames.has(name.toLowerCase()),
      );
      const response = await fetch(delivery.url, {
        method: "POST",
        headers: { ...Object.fromEntries(custom), ...own },
        body: delivery.body,
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(timeoutMs)]),
      });
      delivery.lastResult = `HTTP ${response.status}`;
      await response.arrayBuffer().catch(() => {});
      if (response.ok) crashPoint("webhook-answered");
      return response.ok;
    } catch (error) {
      delivery.lastResult = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return false;
    } finally {
      release(delivery.url);
      save(delivery);
    }
  };

  const deliver = async (delivery: WebhookDelivery, secret: string) => {
    for (let retry = 0; retry <= retries && !controller.signal.aborted; retry++) {
      if (retry > 0) {
        const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (retry - 1)) * (0.8 + Math.random() * 0.4);
        await sleep(delay);
        if (controller.signal.aborted) return;
      }
      if (await attempt(delivery, secret)) {
        delivery.state = "delivered";
        save(delivery);
        return;
      }
    }
    if (controller.signal.aborted) return;
    delivery.state = "failed";
    save(delivery);
    log(
      `webhook ${delivery.id} for ${delivery.requestId} failed ${delivery.attempts} attempts (${delivery.lastResult})`,
    );
  };

  /** Puts a queued delivery at the end of its request's chain. */
  const schedule = (delivery: WebhookDelivery, apiKey: string) => {
    const { requestId } = delivery;
    pending++;
    const previous = tails.get(requestId) ?? Promise.resolve();
    const tail = previous
      .then(() => deliver(delivery, apiKey))
      .finally(() => {
        pending--;
        if (tails.get(requestId) === tail) tails.delete(requestId);
        if (pending === 0) {
          const waiters = idleWaiters;
          idleWaiters = [];
          for (const resolve of waiters) resolve();
        }
      });
    tails.set(requestId, tail);
  };

  return {
    enqueue({ apiKey, requestId, payload }) {
      const url = apiKey === undefined ? undefined : endpoints.get(apiKey);
      if (apiKey === undefined || url === undefined) return undefined;
      const id = `evt_${randomUUID().replaceAll("-", "")}`;
      const delivery: WebhookDelivery = {
        id,
        requestId,
        url,
        body: JSON.stringify({ id, ...payload }),
        state: "queued",
        attempts: 0,
        lastResult: undefined,
      };
      all.push(delivery);
      byId.set(id, { delivery, apiKey });
      save(delivery);
      schedule(delivery, apiKey);
      return delivery;
    },
    restore(stored) {
      for (const { delivery: record, apiKey } of stored) {
        if (byId.has(record.id)) continue;
        // The key's endpoint now (a restart may have corrected it), else the one it was queued for.
        const delivery = { ...record, url: endpoints.get(apiKey) ?? record.url };
        all.push(delivery);
        byId.set(delivery.id, { delivery, apiKey });
        if (delivery.state === "queued") schedule(delivery, apiKey);
      }
    },
    replay(id) {
      const entry = byId.get(id);
      if (!entry) return { error: "not-found" };
      if (entry.delivery.state !== "failed") return { error: "not-failed" };
      entry.delivery.state = "queued";
      entry.delivery.url = endpoints.get(entry.apiKey) ?? entry.delivery.url;
      save(entry.delivery);
      schedule(entry.delivery, entry.apiKey);
      return { delivery: entry.delivery };
    },
    deliveries: () => all,
    idle: () => (pending === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve))),
    stop: () => controller.abort(),
  };
}
