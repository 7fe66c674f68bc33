import { deliverWebhook } from "./deliverWebhook.js";
import type { WebhookDelivery, WebhookOutboxState } from "./types.js";

/**
 * Puts a queued delivery at the end of its request's chain: it starts once the request's previous
 * delivery is delivered or has failed, so the events of one request go out strictly in order while
 * different requests go in parallel. When the last pending delivery settles, `idle` waiters resolve.
 *
 * @param state - The outbox. {@link WebhookOutboxState}
 * @param delivery - A `queued` delivery. {@link WebhookDelivery}
 * @param apiKey - The key that signs it.
 * @example
 * scheduleWebhookDelivery(state, delivery, apiKey)
 */
export function scheduleWebhookDelivery(
  state: WebhookOutboxState,
  delivery: WebhookDelivery,
  apiKey: string,
): void {
  const { requestId } = delivery;
  state.pending++;
  const previous = state.tails.get(requestId) ?? Promise.resolve();
  const tail = previous
    .then(() => deliverWebhook(state, delivery, apiKey))
    .finally(() => {
      state.pending--;
      if (state.tails.get(requestId) === tail) state.tails.delete(requestId);
      if (state.pending === 0) {
        const waiters = state.idleWaiters;
        state.idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
    });
  state.tails.set(requestId, tail);
}
