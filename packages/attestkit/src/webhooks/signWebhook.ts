import { computeWebhookSignature } from "./computeWebhookSignature.js";
import { webhookHeaders } from "./constants.js";
import type { InvalidWebhookSecretErrorType } from "./errors.js";

export type SignWebhookParameters = {
  /** The raw body to deliver, exactly as it will be sent. */
  body: string | Uint8Array;
  /** The API key the webhook endpoint is tied to. */
  secret: string;
  /**
   * The timestamp header's value: Unix seconds by default (now). A number is written as given, so
   * milliseconds may be passed too; the verifier accepts both.
   */
  timestamp?: number | undefined;
};

/** The two signature headers of a delivery. */
export type SignWebhookReturnType = {
  "x-signature-timestamp": string;
  "x-signature-sha256": string;
};

export type SignWebhookErrorType = InvalidWebhookSecretErrorType;

/**
 * Signs a webhook delivery the way the service does, returning the headers to send with the body.
 *
 * @param parameters - {@link SignWebhookParameters}
 * @returns The signature headers. {@link SignWebhookReturnType}
 * @example
 * const headers = signWebhook({ body, secret: apiKey })
 * await fetch(url, { method: "POST", body, headers: { ...headers, "content-type": "application/json" } })
 */
export function signWebhook({ body, secret, timestamp }: SignWebhookParameters): SignWebhookReturnType {
  const value = String(timestamp ?? Math.floor(Date.now() / 1000));
  return {
    [webhookHeaders.timestamp]: value,
    [webhookHeaders.signature]: computeWebhookSignature({ body, secret, timestamp: value }),
  } as SignWebhookReturnType;
}
