import type { WebhookEvent } from "../schemas/types.js";
import type { WebhookEventStore } from "./types.js";

/** What `onEvent` is told besides the event. */
export type WebhookEventContext = {
  /** The delivery's request (its body already read). */
  request: Request;
  /** The id duplicates are dropped by: the event's `id`, else the SHA-256 of the raw body. */
  eventId: string;
};

export type RunWebhookEventParameters = {
  /** The verified event, claimed in the store (when there is one). */
  event: WebhookEvent;
  context: WebhookEventContext;
  /** The handler's `onEvent`. */
  onEvent: (event: WebhookEvent, context: WebhookEventContext) => void | Promise<void>;
  /** Told every error `onEvent` or the store throws. */
  onError: ((error: unknown, context: { request: Request }) => void) | undefined;
  /** Where the event's claim is settled; undefined when the handler keeps no store. */
  store: WebhookEventStore | undefined;
  /** How long a completed event id is remembered, in milliseconds. */
  dedupeTtlMs: number;
  /** The event ids this process is running now: the event's is in it while `onEvent` runs. */
  running: Set<string>;
};

/**
 * Runs `onEvent` for one claimed event and settles its claim: `complete` when it succeeded (the id
 * is remembered for `dedupeTtlMs`), `release` when it threw (the next delivery runs it again). While
 * it runs, the event id is in `running`, so that another delivery of it is answered 409. An error of
 * `onEvent`, or of the store while it settles the claim, is told to `onError` and never thrown: it
 * does not change the answer.
 *
 * @param parameters - {@link RunWebhookEventParameters}
 * @returns True when `onEvent` succeeded.
 * @example
 * const ok = await runWebhookEvent({ event, context, onEvent, onError, store, dedupeTtlMs, running })
 */
export async function runWebhookEvent({
  event,
  context,
  onEvent,
  onError,
  store,
  dedupeTtlMs,
  running,
}: RunWebhookEventParameters): Promise<boolean> {
  const { request, eventId } = context;
  running.add(eventId);
  try {
    await onEvent(event, context);
  } catch (error) {
    onError?.(error, { request });
    await settleClaim(() => store?.release?.(eventId), request, onError);
    return false;
  } finally {
    running.delete(eventId);
  }
  await settleClaim(() => store?.complete?.(eventId, dedupeTtlMs), request, onError);
  return true;
}

/** A store that fails to release or complete is reported; the answer does not change. */
async function settleClaim(
  step: () => void | Promise<void>,
  request: Request,
  onError: RunWebhookEventParameters["onError"],
): Promise<void> {
  try {
    await step();
  } catch (error) {
    onError?.(error, { request });
  }
}
