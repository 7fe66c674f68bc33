import type { WebhookOutboxState } from "./types.js";
import { webhookSlotOf } from "./webhookSlotOf.js";

/**
 * Waits for one of an endpoint's `concurrency` attempt slots and takes it; `releaseWebhookSlot`
 * gives it back and wakes the next waiter.
 *
 * @param state - The outbox. {@link WebhookOutboxState}
 * @param url - The endpoint URL.
 * @example
 * await acquireWebhookSlot(state, delivery.url)
 */
export async function acquireWebhookSlot(state: WebhookOutboxState, url: string): Promise<void> {
  const slot = webhookSlotOf(state, url);
  while (slot.active >= state.settings.concurrency)
    await new Promise<void>((resolve) => slot.waiters.push(resolve));
  slot.active++;
}
