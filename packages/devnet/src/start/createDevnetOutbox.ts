import { signWebhook } from "attestkit/webhooks";
import type { StateDatabase } from "../state/openStateDatabase.js";
import {
  createWebhookOutbox,
  type WebhookDelivery,
  type WebhookOutbox,
} from "../webhooks/createWebhookOutbox.js";

export type CreateDevnetOutboxParameters = {
  /** Webhook URL per API key. */
  webhooks: Map<string, string>;
  /** Custom headers per API key. */
  webhookHeaders: Map<string, Record<string, string>>;
  /** Retries after the first attempt, and their delays. */
  retry:
    | { retries?: number | undefined; baseDelayMs?: number | undefined; maxDelayMs?: number | undefined }
    | undefined;
  /** The state database that keeps every delivery; none keeps nothing. */
  state: StateDatabase | undefined;
  log: (message: string) => void;
};

/**
 * Creates the devnet's webhook outbox: deliveries signed with `signWebhook` (the API key is the
 * secret), retried as `retry` says, and, with a state directory, every delivery saved as it changes.
 *
 * @param parameters - {@link CreateDevnetOutboxParameters}
 * @returns The outbox. {@link WebhookOutbox}
 * @example
 * const outbox = createDevnetOutbox({ webhooks, webhookHeaders, retry: undefined, state, log })
 */
export function createDevnetOutbox({
  webhooks,
  webhookHeaders,
  retry,
  state,
  log,
}: CreateDevnetOutboxParameters): WebhookOutbox {
  return createWebhookOutbox({
    endpoints: webhooks,
    headers: webhookHeaders,
    sign: ({ body, secret }) => signWebhook({ body, secret }),
    retries: retry?.retries,
    baseDelayMs: retry?.baseDelayMs,
    maxDelayMs: retry?.maxDelayMs,
    log,
    ...(state
      ? {
          persist: (delivery: WebhookDelivery, apiKey: string) =>
            state.saveDelivery({
              id: delivery.id,
              requestId: delivery.requestId,
              apiKey,
              record: delivery,
            }),
        }
      : {}),
  });
}
