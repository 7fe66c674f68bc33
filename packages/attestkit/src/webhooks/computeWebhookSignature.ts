import { createHmac } from "node:crypto";
import { InvalidWebhookSecretError, type InvalidWebhookSecretErrorType } from "./errors.js";
import { toBytes } from "./internal/toBytes.js";

export type ComputeWebhookSignatureParameters = {
  /** The raw body, exactly as sent. */
  body: string | Uint8Array;
  /** The API key the webhook endpoint is tied to. */
  secret: string;
  /** The timestamp header's value, exactly as sent. */
  timestamp: string;
};

/** Lowercase hex, 64 digits. */
export type ComputeWebhookSignatureReturnType = string;

export type ComputeWebhookSignatureErrorType = InvalidWebhookSecretErrorType;

/**
 * Computes a delivery's signature: HMAC-SHA256 keyed with the API key over `<timestamp>.<body>`, as hex.
 *
 * @param parameters - {@link ComputeWebhookSignatureParameters}
 * @returns The hex signature. {@link ComputeWebhookSignatureReturnType}
 * @example
 * computeWebhookSignature({ body: '{"event":"request.status.updated"}', secret, timestamp: "1767225600" })
 */
export function computeWebhookSignature({
  body,
  secret,
  timestamp,
}: ComputeWebhookSignatureParameters): ComputeWebhookSignatureReturnType {
  if (typeof secret !== "string" || secret.length === 0) throw new InvalidWebhookSecretError();
  return createHmac("sha256", secret).update(`${timestamp}.`).update(toBytes(body)).digest("hex");
}
