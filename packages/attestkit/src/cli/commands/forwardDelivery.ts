import type { IncomingMessage } from "node:http";
import { webhookHeaders } from "../../webhooks/constants.js";
import { signWebhook } from "../../webhooks/signWebhook.js";
import { forwardedHeaders } from "./forwardedHeaders.js";
import { passedHeaders } from "./passedHeaders.js";

/** Limit of one forward to the local URL, ms (the devnet's own attempt limit is 10 s). */
const forwardTimeoutMs = 9_000;

export type ForwardDeliveryParameters = {
  /** The verified delivery. */
  request: IncomingMessage;
  /** Its body, forwarded as it is. */
  raw: string;
  /** The event id of the signed body (else the body's digest). */
  eventId: string;
  /** The delivery's `X-Event-Attempt`. */
  attempt: string;
  /** The local URL. */
  forwardTo: URL;
  /** The HMAC secret the forward is signed again with. */
  apiKey: string;
  /** Stops the forward when `listen` stops. */
  signal: AbortSignal;
};

/**
 * Forwards a verified delivery to the local URL: the same body and the delivery's own headers
 * (custom webhook headers included), then what `listen` verified ({@link forwardedHeaders}) and a
 * fresh signature. Only the status comes back: the answer's body is not read.
 *
 * @param parameters - {@link ForwardDeliveryParameters}
 * @returns The local URL's status, or 502 and why when it cannot be reached.
 * @example
 * const { status, error } = await forwardDelivery({ request, raw, eventId, attempt, forwardTo, apiKey, signal })
 */
export async function forwardDelivery({
  request,
  raw,
  eventId,
  attempt,
  forwardTo,
  apiKey,
  signal,
}: ForwardDeliveryParameters): Promise<{ status: number; error?: string }> {
  try {
    const answer = await fetch(forwardTo, {
      method: "POST",
      headers: {
        ...passedHeaders(request),
        "content-type": "application/json",
        "x-event-id": eventId,
        "x-event-attempt": attempt,
        [forwardedHeaders.verified]: "signature, timestamp, first-delivery",
        [forwardedHeaders.originalTimestamp]: String(request.headers[webhookHeaders.timestamp]),
        [forwardedHeaders.originalSignature]: String(request.headers[webhookHeaders.signature]),
        ...signWebhook({ body: raw, secret: apiKey }),
      },
      body: raw,
      signal: AbortSignal.any([signal, AbortSignal.timeout(forwardTimeoutMs)]),
    });
    await answer.body?.cancel().catch(() => {});
    return { status: answer.status };
  } catch (cause) {
    return { status: 502, error: cause instanceof Error ? cause.message : String(cause) };
  }
}
