import { randomUUID } from "node:crypto";

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
  /** Resolves when nothing is queued any more (every event delivered or failed). */
  idle: () => Promise<void>;
  /** Stops retry timers and in-flight attempts; queued events stay `queued`. */
  stop: () => void;
};

export type CreateWebhookOutboxParameters = {
  /** Webhook endpoint URL per API key (one endpoint per key). */
  endpoints: ReadonlyMap<string, string>;
  sign: SignDelivery;
  /** Retries after the first attempt. Default 10. */
  retries?: number | undefined;
  /** Delay before the first retry, doubled for each next one. Default 1000 ms. */
  baseDelayMs?: number | undefined;
  /** Cap of one delay. Default 60 000 ms. */
  maxDelayMs?: number | undefined;
  /** Limit of one attempt. Default 10 000 ms. */
  timeoutMs?: number | undefined;
  /** Attempts in flight at once, over all requests. Default 32. */
  concurrency?: number | undefined;
  log?: ((message: string) => void) | undefined;
};

/**
 * Creates the webhook outbox: every event is POSTed to the endpoint of its API key, signed, and
 * retried up to `retries` times with exponential backoff (±20 % jitter) until a 2xx answer. Events of
 * one request go out strictly in order (the next waits until the previous is delivered or has failed
 * its last retry); different requests are delivered in parallel. Nothing is dropped while the process
 * lives: a delivery that failed every attempt stays listed as `failed`.
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
    sign,
    retries = 10,
    baseDelayMs = 1000,
    maxDelayMs = 60_000,
    timeoutMs = 10_000,
    concurrency = 32,
    log = () => {},
  } = parameters;
  const all: WebhookDelivery[] = [];
  // The tail of each request's chain of deliveries: the next one starts when it settles.
  const tails = new Map<string, Promise<void>>();
  const controller = new AbortController();
  let active = 0;
  const slotWaiters: (() => void)[] = [];
  let pending = 0;
  let idleWaiters: (() => void)[] = [];

  const acquire = async () => {
    while (active >= concurrency) await new Promise<void>((resolve) => slotWaiters.push(resolve));
    active++;
  };
  const release = () => {
    active--;
    slotWaiters.shift()?.();
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
    await acquire();
    try {
      delivery.attempts++;
      const response = await fetch(delivery.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-event-id": delivery.id,
          "x-event-attempt": String(delivery.attempts),
          ...sign({ body: delivery.body, secret }),
        },
        body: delivery.body,
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(timeoutMs)]),
      });
      delivery.lastResult = `HTTP ${response.status}`;
      await response.arrayBuffer().catch(() => {});
      return response.ok;
    } catch (error) {
      delivery.lastResult = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return false;
    } finally {
      release();
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
        return;
      }
    }
    if (controller.signal.aborted) return;
    delivery.state = "failed";
    log(
      `webhook ${delivery.id} for ${delivery.requestId} failed ${delivery.attempts} attempts (${delivery.lastResult})`,
    );
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
      return delivery;
    },
    deliveries: () => all,
    idle: () => (pending === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve))),
    stop: () => controller.abort(),
  };
}
