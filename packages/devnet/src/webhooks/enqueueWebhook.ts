import { randomUUID } from "node:crypto";
import { saveWebhookDelivery } from "./saveWebhookDelivery.js";
import { scheduleWebhookDelivery } from "./scheduleWebhookDelivery.js";
import type { WebhookDelivery, WebhookOutboxState } from "./types.js";

export type EnqueueWebhookParameters = {
  /** The API key of the request: it names the endpoint and signs the event. */
  apiKey: string | undefined;
  requestId: string;
  /** The event, e.g. `{ event, timestamp, data }`; the body is `{ id, ...payload }` as JSON. */
  payload: object;
};

/**
 * Queues an event for the API key's endpoint under a fresh event id (`evt_` and 32 hex digits),
 * lists and stores it, then schedules it after the request's earlier events.
 *
 * @param state - The outbox. {@link WebhookOutboxState}
 * @param parameters - {@link EnqueueWebhookParameters}
 * @returns The delivery, or undefined when the key has no endpoint (nothing is queued).
 * @example
 * enqueueWebhook(state, { apiKey, requestId, payload: { event: "request.status.updated", timestamp, data } })
 */
export function enqueueWebhook(
  state: WebhookOutboxState,
  { apiKey, requestId, payload }: EnqueueWebhookParameters,
): WebhookDelivery | undefined {
  const url = apiKey === undefined ? undefined : state.settings.endpoints.get(apiKey);
  if (apiKey === undefined || url === undefined) return undefined;
  const id = `evt_${randomUUID().replaceAll("-", "")}`;
  const delivery: WebhookDelivery = {
    id,
    requestId,
    url,
    body: JSON.stringify({ id, ...payload }),
    state: "queued",
    attempts: 0,
    lastResult: undefined,
  };
  state.all.push(delivery);
  state.byId.set(id, { delivery, apiKey });
  saveWebhookDelivery(state, delivery);
  scheduleWebhookDelivery(state, delivery, apiKey);
  return delivery;
}
