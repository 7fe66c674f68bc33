import { scheduleWebhookDelivery } from "./scheduleWebhookDelivery.js";
import type { WebhookDelivery, WebhookOutboxState } from "./types.js";

/**
 * Takes back deliveries stored by an earlier run, oldest first: each one not listed yet is listed
 * again, and one still `queued` is scheduled again (in order per request). A delivery goes to its
 * key's endpoint now (a restart may have corrected it), else to the one it was queued for.
 *
 * @param state - The outbox. {@link WebhookOutboxState}
 * @param stored - The deliveries with the keys that sign them. {@link WebhookDelivery}
 * @example
 * restoreWebhookOutbox(state, [{ delivery, apiKey }])
 */
export function restoreWebhookOutbox(
  state: WebhookOutboxState,
  stored: readonly { delivery: WebhookDelivery; apiKey: string }[],
): void {
  for (const { delivery: record, apiKey } of stored) {
    if (state.byId.has(record.id)) continue;
    const delivery = { ...record, url: state.settings.endpoints.get(apiKey) ?? record.url };
    state.all.push(delivery);
    state.byId.set(delivery.id, { delivery, apiKey });
    if (delivery.state === "queued") scheduleWebhookDelivery(state, delivery, apiKey);
  }
}
