import { jsonResponse } from "./jsonResponse.js";
import { type RunWebhookEventParameters, runWebhookEvent } from "./runWebhookEvent.js";

export type RespondToWebhookEventParameters = RunWebhookEventParameters & {
  /** When to answer: once `onEvent` has finished, or as soon as the event is claimed. */
  respond: "after-handler" | "before-handler";
  /** With `before-handler`, keeps the work alive past the response (a worker's `ctx.waitUntil`). */
  waitUntil: ((work: Promise<unknown>) => void) | undefined;
  /** The runs of `onEvent` not settled yet: this one is in it until it settles (`idle`). */
  work: Set<Promise<void>>;
};

/**
 * Runs a claimed event (`runWebhookEvent`) and answers its delivery. `after-handler`: once `onEvent`
 * has finished, 200 `{ received: true }`, or 500 `handler-failed` when it threw, so the event is
 * delivered again. `before-handler`: 200 at once, `onEvent` running after (handed to `waitUntil`);
 * a failure then is only told to `onError`. Either way the run is kept in `work` until it settles.
 *
 * @param parameters - {@link RespondToWebhookEventParameters}
 * @returns The answer to the delivery.
 * @example
 * return respondToWebhookEvent({ event, context, onEvent, onError, store, dedupeTtlMs, running, respond, waitUntil, work })
 */
export async function respondToWebhookEvent({
  respond,
  waitUntil,
  work,
  ...run
}: RespondToWebhookEventParameters): Promise<Response> {
  if (respond === "before-handler") {
    const done = runWebhookEvent(run).then(() => {});
    keep(work, done);
    waitUntil?.(done);
    return jsonResponse(200, { received: true });
  }
  const pending = runWebhookEvent(run);
  keep(
    work,
    pending.then(() => {}),
  );
  return (await pending)
    ? jsonResponse(200, { received: true })
    : jsonResponse(500, { error: "handler-failed" });
}

/** Keeps a run in `work` until it settles. */
function keep(work: Set<Promise<void>>, run: Promise<void>): void {
  work.add(run);
  void run.finally(() => work.delete(run));
}
