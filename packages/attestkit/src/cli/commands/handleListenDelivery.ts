import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { describeError } from "../../errors/describeError.js";
import type { MemoryEventStore } from "../../webhooks/createMemoryEventStore.js";
import { defaultDedupeTtlMs } from "../../webhooks/createWebhookHandler.js";
import { verifyWebhook } from "../../webhooks/verifyWebhook.js";
import { styled } from "../styledText.js";
import { describeForwardedDelivery } from "./describeForwardedDelivery.js";
import { forwardDelivery } from "./forwardDelivery.js";
import type { ListenPrint } from "./listenTypes.js";
import { readDeliveryBody } from "./readDeliveryBody.js";

export type ListenDeliveryContext = {
  /** The API key: the HMAC secret deliveries are verified and forwards signed with. */
  apiKey: string;
  /** The local URL. */
  forwardTo: URL;
  /** Event ids forwarded (or being forwarded), kept as long as the webhook handler keeps them. */
  forwarded: MemoryEventStore;
  /** Stops forwards when `listen` stops. */
  signal: AbortSignal;
  /** Prints a delivery's line (or its JSON record). */
  print: ListenPrint;
};

/** What `listen` answers the devnet. */
export type ListenAnswer = { status: number; body: unknown };

/**
 * Answers one delivery as `webhooks listen` does: a body over 1 MiB is 413, one that fails
 * `verifyWebhook` is 401 and not forwarded, a duplicate of a forwarded event is 200
 * `{duplicate: true}` (409 while the first is being forwarded) and not forwarded again; any other is
 * forwarded and answered with the local URL's status, so the sender's retries behave as they would
 * against it. Each delivery is printed.
 *
 * @param request - The delivery.
 * @param context - {@link ListenDeliveryContext}
 * @returns The answer. {@link ListenAnswer}
 * @example
 * const { status, body } = await handleListenDelivery(request, { apiKey, forwardTo, forwarded, signal, print })
 */
export async function handleListenDelivery(
  request: IncomingMessage,
  { apiKey, forwardTo, forwarded, signal, print }: ListenDeliveryContext,
): Promise<ListenAnswer> {
  const raw = await readDeliveryBody(request);
  const time = new Date().toISOString().slice(11, 23);
  const id = String(request.headers["x-event-id"] ?? "-");
  const attempt = String(request.headers["x-event-attempt"] ?? "-");
  if (raw === null) {
    print({ id, attempt, verified: false, reason: "body-too-large" }, [
      `${time}  ${id}  `,
      styled("rejected", "bad"),
      ": body over 1 MiB",
    ]);
    return { status: 413, body: { message: "body too large" } };
  }
  let event: ReturnType<typeof verifyWebhook>;
  try {
    event = verifyWebhook({ body: raw, headers: request.headers, secret: apiKey });
  } catch (error) {
    const reason =
      typeof error === "object" && error !== null && "reason" in error && typeof error.reason === "string"
        ? error.reason
        : describeError(error).message;
    print({ id, attempt, verified: false, reason }, [
      `${time}  ${id}  `,
      styled("rejected", "bad"),
      `: ${reason} (not forwarded)`,
    ]);
    return { status: 401, body: { message: `signature not verified: ${reason}` } };
  }
  // The id of the signed body (the X-Event-Id header is not signed), else the body's digest.
  const eventId = event.id ?? `sha256:${createHash("sha256").update(raw).digest("hex")}`;
  const claim = await forwarded.claim(eventId, defaultDedupeTtlMs);
  if (claim !== true) {
    const inProgress = claim === "in-progress";
    print(
      { id: eventId, attempt: Number(attempt), verified: true, duplicate: true, event: event.event },
      `${time}  ${eventId}  attempt ${attempt}  duplicate of a delivery ${inProgress ? "being forwarded" : "already forwarded"} (not forwarded)`,
    );
    return inProgress
      ? { status: 409, body: { message: "this event is being forwarded" } }
      : { status: 200, body: { duplicate: true } };
  }
  const { status, error } = await forwardDelivery({
    request,
    raw,
    eventId,
    attempt,
    forwardTo,
    apiKey,
    signal,
  });
  // Delivered: later deliveries of the event are duplicates. Refused: the sender's retry is
  // forwarded again.
  if (status >= 200 && status < 300) await forwarded.complete(eventId, defaultDedupeTtlMs);
  else await forwarded.release(eventId);
  const data = event.data as { requestId?: string; status?: string };
  const { record, text } = describeForwardedDelivery({
    time,
    eventId,
    attempt,
    event: event.event,
    data,
    status,
    error,
  });
  print(record, text);
  return { status, body: { forwarded: status } };
}
