import { reservedWebhookHeaders } from "./checkWebhookHeaders.js";
import type { SignDelivery, WebhookDelivery } from "./types.js";

export type BuildWebhookHeadersParameters = {
  /** The delivery, its `attempts` already counting this attempt. {@link WebhookDelivery} */
  delivery: WebhookDelivery;
  /** The API key: the signing secret. */
  secret: string;
  sign: SignDelivery;
  /** The key's custom headers (checked by `checkWebhookHeaders`), if any. */
  custom: Readonly<Record<string, string>> | undefined;
};

/**
 * The headers of one attempt: JSON content type, `X-Event-Id`, `X-Event-Attempt` and the signature
 * headers, after the endpoint's custom headers. A custom header whose name (in any case) the delivery
 * sets itself or reserves (`reservedWebhookHeaders`) is left out, so it never replaces the signature.
 *
 * @param parameters - {@link BuildWebhookHeadersParameters}
 * @returns The headers to send.
 * @example
 * buildWebhookHeaders({ delivery, secret: apiKey, sign, custom: { "x-tenant": "a" } })
 */
export function buildWebhookHeaders({
  delivery,
  secret,
  sign,
  custom,
}: BuildWebhookHeadersParameters): Record<string, string> {
  const own: Record<string, string> = {
    "content-type": "application/json",
    "x-event-id": delivery.id,
    "x-event-attempt": String(delivery.attempts),
    ...sign({ body: delivery.body, secret }),
  };
  const ownNames = new Set([...Object.keys(own), ...reservedWebhookHeaders].map((n) => n.toLowerCase()));
  const kept = Object.entries<string>(custom ?? {}).filter(([name]) => !ownNames.has(name.toLowerCase()));
  return { ...Object.fromEntries(kept), ...own };
}
