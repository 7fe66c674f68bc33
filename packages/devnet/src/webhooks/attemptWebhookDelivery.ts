import { crashPoint } from "../crashPoint.js";
import { acquireWebhookSlot } from "./acquireWebhookSlot.js";
import { buildWebhookHeaders } from "./buildWebhookHeaders.js";
import { describeDeliveryFailure } from "./describeDeliveryFailure.js";
import { rawDeliveryError } from "./rawDeliveryError.js";
import { releaseWebhookSlot } from "./releaseWebhookSlot.js";
import { saveWebhookDelivery } from "./saveWebhookDelivery.js";
import type { WebhookDelivery, WebhookOutboxState } from "./types.js";

/**
 * Makes one attempt of a delivery in one of its endpoint's slots: counts it, POSTs the body with the
 * signed headers (`buildWebhookHeaders`), limited to `timeoutMs` and ended by `stop`, reads the
 * answer to its end, and records the result in words (`HTTP 503 from 127.0.0.1:4000`, or why no
 * answer came: `describeDeliveryFailure`; the error as thrown in `lastError`) and stores the delivery.
 *
 * @param state - The outbox. {@link WebhookOutboxState}
 * @param delivery - The delivery, changed in place (`attempts`, `lastResult`, `lastError`). {@link WebhookDelivery}
 * @param secret - The API key: the signing secret, and the key of the custom headers.
 * @returns Whether the endpoint answered 2xx. Never throws: a failed attempt answers false.
 * @example
 * if (await attemptWebhookDelivery(state, delivery, apiKey)) delivery.state = "delivered"
 */
export async function attemptWebhookDelivery(
  state: WebhookOutboxState,
  delivery: WebhookDelivery,
  secret: string,
): Promise<boolean> {
  const { sign, customHeaders, timeoutMs } = state.settings;
  await acquireWebhookSlot(state, delivery.url);
  try {
    delivery.attempts++;
    // The API key is the secret: its endpoint's custom headers go first, and any name the delivery
    // sets itself (in any case) is left out, so they never replace the signature.
    const headers = buildWebhookHeaders({ delivery, secret, sign, custom: customHeaders.get(secret) });
    const response = await fetch(delivery.url, {
      method: "POST",
      headers,
      body: delivery.body,
      signal: AbortSignal.any([state.controller.signal, AbortSignal.timeout(timeoutMs)]),
    });
    delivery.lastResult = `HTTP ${response.status} from ${new URL(delivery.url).host}`;
    delivery.lastError = undefined;
    await response.arrayBuffer().catch(() => {});
    if (response.ok) crashPoint("webhook-answered");
    return response.ok;
  } catch (error) {
    delivery.lastResult = describeDeliveryFailure({ error, url: delivery.url, timeoutMs });
    delivery.lastError = rawDeliveryError(error);
    return false;
  } finally {
    releaseWebhookSlot(state, delivery.url);
    saveWebhookDelivery(state, delivery);
  }
}
