import type { WebhookDelivery, WebhookOutboxState } from "./types.js";

/**
 * Stores a new or changed delivery through `persist`, with the API key that signs it. A store that
 * throws is logged and the delivery goes on: an event is not held back by its record.
 *
 * @param state - The outbox. {@link WebhookOutboxState}
 * @param delivery - A delivery of this outbox (an unknown one is not stored). {@link WebhookDelivery}
 * @example
 * saveWebhookDelivery(state, delivery)
 */
export function saveWebhookDelivery(state: WebhookOutboxState, delivery: WebhookDelivery): void {
  const entry = state.byId.get(delivery.id);
  if (!entry) return;
  try {
    state.settings.persist(delivery, entry.apiKey);
  } catch (error) {
    state.settings.log(
      `webhook ${delivery.id}: not stored: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
