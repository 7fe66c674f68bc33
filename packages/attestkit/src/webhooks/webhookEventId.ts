import { createHash } from "node:crypto";
import type { WebhookEvent } from "../schemas/types.js";

export type WebhookEventIdParameters = {
  /** The verified event. */
  event: WebhookEvent;
  /** The raw body it was read from. */
  body: Uint8Array;
};

/**
 * The id a delivery's duplicates are told by: the event's `id`, which the signature covers (the
 * `X-Event-Id` header carries the same value but is not signed, so it is not trusted); for an event
 * without one, `sha256:` and the hex SHA-256 of the raw body (the sender sends the same body on
 * every attempt).
 *
 * @param parameters - {@link WebhookEventIdParameters}
 * @returns The event id.
 * @example
 * webhookEventId({ event: { id: "evt_1", ... }, body }) // "evt_1"
 */
export function webhookEventId({ event, body }: WebhookEventIdParameters): string {
  return event.id ?? `sha256:${createHash("sha256").update(body).digest("hex")}`;
}
