import { sampleWebhookEvent } from "./sampleWebhookEvent.js";
import { type SignWebhookErrorType, type SignWebhookReturnType, signWebhook } from "./signWebhook.js";

export type GenerateTestWebhookParameters = {
  /** The API key to sign with. */
  secret: string;
  /** The event to deliver: an object (serialised as JSON) or a raw string. Defaults to a `success` update. */
  payload?: unknown;
  /** The timestamp header's value. Defaults to now, in Unix seconds. */
  timestamp?: number | undefined;
};

export type GenerateTestWebhookReturnType = {
  /** The raw body to send. */
  body: string;
  /** The signature headers plus `content-type`. */
  headers: SignWebhookReturnType & { "content-type": "application/json" };
};

export type GenerateTestWebhookErrorType = SignWebhookErrorType;

/**
 * Builds a signed webhook delivery for tests, like stripe's `generateTestHeaderString`: the body and
 * the headers a receiver should accept.
 *
 * @param parameters - {@link GenerateTestWebhookParameters}
 * @returns The body and headers. {@link GenerateTestWebhookReturnType}
 * @example
 * const { body, headers } = generateTestWebhook({ secret: "test-key" })
 * const response = await fetch(url, { method: "POST", body, headers })
 */
export function generateTestWebhook({
  secret,
  payload = sampleWebhookEvent(),
  timestamp,
}: GenerateTestWebhookParameters): GenerateTestWebhookReturnType {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload);
  return {
    body,
    headers: { ...signWebhook({ body, secret, timestamp }), "content-type": "application/json" },
  };
}
