import { claimAnswer } from "./claimAnswer.js";
import { jsonResponse } from "./jsonResponse.js";
import { readWebhookDelivery } from "./readWebhookDelivery.js";
import { respondToWebhookEvent } from "./respondToWebhookEvent.js";
import type { RunWebhookEventParameters } from "./runWebhookEvent.js";
import type { WebhookClaimResult, WebhookEventStore } from "./types.js";
import type { VerifyWebhookParameters } from "./verifyWebhook.js";
import { webhookEventId } from "./webhookEventId.js";

/** A webhook handler's settings, checked and defaulted, and what it keeps between deliveries. */
export type WebhookHandlerState = {
  /** The API key the webhook endpoint is tied to. */
  secret: string;
  /** Called once per event. */
  onEvent: RunWebhookEventParameters["onEvent"];
  /** Told every rejected delivery's error and every error `onEvent` or the store throws. */
  onError: RunWebhookEventParameters["onError"];
  /** Largest accepted distance between the delivery's timestamp and now, both ways, in seconds. */
  toleranceSeconds: number | undefined;
  /** The receiver's clock in Unix milliseconds. */
  now: VerifyWebhookParameters["now"];
  /** Largest accepted body, in bytes. */
  maxBodyBytes: number;
  /** Where handled event ids are kept; undefined runs every authentic delivery, duplicates too. */
  store: WebhookEventStore | undefined;
  /** How long an event id is remembered, in milliseconds. */
  dedupeTtlMs: number;
  /** When to answer: once `onEvent` has finished, or as soon as the event is claimed. */
  respond: "after-handler" | "before-handler";
  /** With `before-handler`, keeps the work alive past the response. */
  waitUntil: ((work: Promise<unknown>) => void) | undefined;
  /**
   * Events this process is running now: a delivery of one of them is answered 409, even when a
   * shared store cannot tell "in progress" from "handled".
   */
  running: Set<string>;
  /** The runs of `onEvent` not settled yet. */
  work: Set<Promise<void>>;
};

/**
 * Handles one webhook delivery, in this order: read and verify it (`readWebhookDelivery`: 405, 413,
 * 401, 400), tell its event id (`webhookEventId`), claim it in the store (503 when the store fails:
 * without knowing whether the event ran, it is not run; then `claimAnswer`: 409, or 200 for a
 * duplicate), then run it and answer (`respondToWebhookEvent`: 200, or 500 when `onEvent` threw).
 * The first step that answers ends the delivery. A held claim starts the run in the same turn, so
 * that a delivery of the same event answered meanwhile sees it running.
 *
 * @param handler - The handler's settings and state. {@link WebhookHandlerState}
 * @param request - The delivery.
 * @returns The answer.
 * @throws What `verifyWebhook` throws that is not a `WebhookVerificationError`.
 * @example
 * const handler = (request: Request) => handleWebhookDelivery(state, request)
 */
export async function handleWebhookDelivery(
  handler: WebhookHandlerState,
  request: Request,
): Promise<Response> {
  const { secret, toleranceSeconds, now, maxBodyBytes, store, dedupeTtlMs, running, onError } = handler;
  const delivery = await readWebhookDelivery({
    request,
    secret,
    toleranceSeconds,
    now,
    maxBodyBytes,
    onError,
  });
  if (!delivery.ok) return delivery.response;
  const { event, body } = delivery;
  const eventId = webhookEventId({ event, body });
  if (store) {
    let claim: WebhookClaimResult;
    try {
      claim = await store.claim(eventId, dedupeTtlMs);
    } catch (error) {
      // Fail closed: without knowing whether it ran, do not run it; the sender retries.
      onError?.(error, { request });
      return jsonResponse(503, { error: "store-unavailable" }, { "retry-after": "5" });
    }
    const refused = claimAnswer({ claim, runningHere: running.has(eventId) });
    if (refused) return refused;
  }
  return respondToWebhookEvent({
    event,
    context: { request, eventId },
    onEvent: handler.onEvent,
    onError,
    store,
    dedupeTtlMs,
    running,
    respond: handler.respond,
    waitUntil: handler.waitUntil,
    work: handler.work,
  });
}
