import { saveWebhookDelivery } from "./saveWebhookDelivery.js";
import { scheduleWebhookDelivery } from "./scheduleWebhookDelivery.js";
import type { WebhookDelivery, WebhookOutboxState } from "./types.js";

/**
 * Sends a `failed` delivery again: same id and body (receivers drop duplicates by the id), a fresh
 * set of retries, to its key's endpoint now, after the request's queued events.
 *
 * @param state - The outbox. {@link WebhookOutboxState}
 * @param id - The event id.
 * @returns The delivery, queued again; or `not-found` for an unknown id, `not-failed` for one
 * queued or delivered.
 * @example
 * replayWebhookDelivery(state, "evt_0123…") // { delivery } or { error: "not-failed" }
 */
export function replayWebhookDelivery(
  state: WebhookOutboxState,
  id: string,
): { delivery: WebhookDelivery } | { error: "not-found" | "not-failed" } {
  const entry = state.byId.get(id);
  if (!entry) return { error: "not-found" };
  if (entry.delivery.state !== "failed") return { error: "not-failed" };
  entry.delivery.state = "queued";
  entry.delivery.url = state.settings.endpoints.get(entry.apiKey) ?? entry.delivery.url;
  saveWebhookDelivery(state, entry.delivery);
  scheduleWebhookDelivery(state, entry.delivery, entry.apiKey);
  return { delivery: entry.delivery };
}
