import type { WebhookEvent } from "../schemas/types.js";
import { WebhookVerificationError } from "./errors.js";
import { readBody } from "./internal/readBody.js";
import { jsonResponse } from "./jsonResponse.js";
import { type VerifyWebhookParameters, verifyWebhook } from "./verifyWebhook.js";

export type ReadWebhookDeliveryParameters = {
  /** The delivery. */
  request: Request;
  /** The API key the webhook endpoint is tied to. */
  secret: string;
  /** Largest accepted distance between the delivery's timestamp and now, both ways, in seconds. */
  toleranceSeconds: number | undefined;
  /** The receiver's clock in Unix milliseconds. */
  now: VerifyWebhookParameters["now"];
  /** Largest accepted body, in bytes. */
  maxBodyBytes: number;
  /** Told every verification failure. */
  onError: ((error: unknown, context: { request: Request }) => void) | undefined;
};

export type ReadWebhookDeliveryReturnType =
  /** An authentic delivery: its event and the raw body it was read from. */
  | { ok: true; event: WebhookEvent; body: Uint8Array }
  /** A refused delivery, and the answer it gets. */
  | { ok: false; response: Response };

/**
 * Reads and verifies one webhook delivery, refusing it with its answer: 405 (`allow: POST`) for any
 * method but POST, 413 for a body over `maxBodyBytes`, 401 when the signature or the timestamp fails
 * (`verifyWebhook`, on the raw body), 400 for an authentic but unreadable body. Every failed
 * verification is told to `onError`; an error that is not a `WebhookVerificationError` is thrown.
 *
 * @param parameters - {@link ReadWebhookDeliveryParameters}
 * @returns The event and its raw body, or the answer. {@link ReadWebhookDeliveryReturnType}
 * @example
 * const delivery = await readWebhookDelivery({ request, secret, toleranceSeconds, now, maxBodyBytes, onError })
 * if (!delivery.ok) return delivery.response
 */
export async function readWebhookDelivery({
  request,
  secret,
  toleranceSeconds,
  now,
  maxBodyBytes,
  onError,
}: ReadWebhookDeliveryParameters): Promise<ReadWebhookDeliveryReturnType> {
  if (request.method !== "POST")
    return { ok: false, response: jsonResponse(405, { error: "method-not-allowed" }, { allow: "POST" }) };
  const body = await readBody(request, maxBodyBytes);
  if (!body) return { ok: false, response: jsonResponse(413, { error: "body-too-large" }) };
  try {
    const event = verifyWebhook({ body, headers: request.headers, secret, toleranceSeconds, now });
    return { ok: true, event, body };
  } catch (error) {
    onError?.(error, { request });
    if (error instanceof WebhookVerificationError)
      return {
        ok: false,
        response: jsonResponse(error.reason === "invalid-body" ? 400 : 401, { error: error.reason }),
      };
    throw error;
  }
}
