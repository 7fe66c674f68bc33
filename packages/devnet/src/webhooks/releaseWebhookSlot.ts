import type { WebhookOutboxState } from "./types.js";
import { webhookSlotOf } from "./webhookSlotOf.js";

/**
 * Gives back an attempt slot taken by `acquireWebhookSlot` and wakes the first attempt waiting for
 * one (it checks again, in its loop, that a slot is free).
 *
 * @param state - The outbox. {@link WebhookOutboxState}
 * @param url - The endpoint URL.
 * @example
 * releaseWebhookSlot(state, delivery.url)
 */
export function releaseWebhookSlot(state: WebhookOutboxState, url: string): void {
  const slot = webhookSlotOf(state, url);
  slot.active--;
  slot.waiters.shift()?.();
}
