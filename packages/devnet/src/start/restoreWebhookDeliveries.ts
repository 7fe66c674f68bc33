import type { StateDatabase } from "../state/openStateDatabase.js";
import type { WebhookDelivery, WebhookOutbox } from "../webhooks/createWebhookOutbox.js";

export type RestoreWebhookDeliveriesParameters = {
  state: StateDatabase;
  outbox: WebhookOutbox;
  log: (message: string) => void;
};

/**
 * Hands the webhook deliveries kept in the state database back to the outbox (the queued ones are
 * sent again) and logs how many came back.
 *
 * @param parameters - {@link RestoreWebhookDeliveriesParameters}
 * @example
 * if (state) restoreWebhookDeliveries({ state, outbox, log })
 */
export function restoreWebhookDeliveries({ state, outbox, log }: RestoreWebhookDeliveriesParameters): void {
  const deliveries = state.loadDeliveries();
  outbox.restore(deliveries.map(({ record, apiKey }) => ({ delivery: record as WebhookDelivery, apiKey })));
  const queued = deliveries.filter(({ record }) => record.state === "queued").length;
  if (deliveries.length > 0) log(`state: ${deliveries.length} webhook deliveries restored, ${queued} queued`);
}
