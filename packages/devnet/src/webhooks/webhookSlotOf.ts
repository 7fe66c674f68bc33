import type { WebhookOutboxState, WebhookSlot } from "./types.js";

/**
 * The attempt slots of one endpoint URL, made empty on first use. Slots are per endpoint so that a
 * dead or hanging endpoint only ever holds its own.
 *
 * @param state - The outbox. {@link WebhookOutboxState}
 * @param url - The endpoint URL.
 * @returns Its slots. {@link WebhookSlot}
 * @example
 * webhookSlotOf(state, "http://127.0.0.1:4000/hook").active // 0
 */
export function webhookSlotOf(state: WebhookOutboxState, url: string): WebhookSlot {
  const slot = state.slots.get(url) ?? { active: 0, waiters: [] };
  state.slots.set(url, slot);
  return slot;
}
