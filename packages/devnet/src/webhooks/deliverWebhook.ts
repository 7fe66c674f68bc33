import { attemptWebhookDelivery } from "./attemptWebhookDelivery.js";
import { saveWebhookDelivery } from "./saveWebhookDelivery.js";
import { sleepUnlessAborted } from "./sleepUnlessAborted.js";
import type { WebhookDelivery, WebhookOutboxState } from "./types.js";
import { webhookRetryDelayMs } from "./webhookRetryDelayMs.js";

/**
 * Delivers one event: the first attempt at once, then up to `retries` more after a backoff
 * (`webhookRetryDelayMs`), until a 2xx answer (`delivered`). After the last retry it is `failed`
 * (and logged), never dropped. A retry finds its key's endpoint removed (`DELETE
 * /devnet/webhooks/endpoints/{id}`, as `attestkit webhooks listen` does when it stops): it is not
 * sent to the dead address but `failed` at once, saying so (a replay sends it to the key's endpoint
 * of that time, if any). `stop` ends it where it is, the delivery left `queued`.
 *
 * @param state - The outbox. {@link WebhookOutboxState}
 * @param delivery - A queued delivery, changed in place and stored on each change. {@link WebhookDelivery}
 * @param secret - The API key that signs it.
 * @example
 * await deliverWebhook(state, delivery, apiKey)
 */
export async function deliverWebhook(
  state: WebhookOutboxState,
  delivery: WebhookDelivery,
  secret: string,
): Promise<void> {
  const { retries, baseDelayMs, maxDelayMs, log } = state.settings;
  const { signal } = state.controller;
  for (let retry = 0; retry <= retries && !signal.aborted; retry++) {
    if (retry > 0) {
      await sleepUnlessAborted(
        webhookRetryDelayMs({ retry, baseDelayMs, maxDelayMs, random: Math.random() }),
        signal,
      );
      if (signal.aborted) return;
      if (!state.settings.endpoints.has(secret)) {
        delivery.lastResult = `its endpoint was removed, so it is not retried (last attempt: ${delivery.lastResult})`;
        break;
      }
    }
    if (await attemptWebhookDelivery(state, delivery, secret)) {
      delivery.state = "delivered";
      saveWebhookDelivery(state, delivery);
      return;
    }
  }
  if (signal.aborted) return;
  delivery.state = "failed";
  saveWebhookDelivery(state, delivery);
  log(
    `webhook ${delivery.id} for ${delivery.requestId} failed ${delivery.attempts} attempts (${delivery.lastResult})`,
  );
}
