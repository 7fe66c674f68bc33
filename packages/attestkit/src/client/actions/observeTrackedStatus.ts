import type { StatusResponse } from "../../schemas/index.js";
import { nextStatusPoll, type StatusObservation } from "../utils/nextStatusPoll.js";
import { finishTrack } from "./finishTrack.js";
import { schedulePoll } from "./schedulePoll.js";
import type { Subscription, TrackerContext } from "./statusTrackerTypes.js";
import { trackedStatusOutcome } from "./trackedStatusOutcome.js";
import { trackerPollPolicy } from "./trackerPollPolicy.js";

export type ObserveTrackedStatusParameters = {
  subscription: Subscription;
  /** A status read, a failed read, or a status the stream pushed. */
  observation: StatusObservation<StatusResponse>;
};

/**
 * Runs one step of the client's status policy (`nextStatusPoll`, with `trackerPollPolicy`) for a
 * tracked request, at the tracker's clock: reports a changed status to `onUpdate`, then ends the
 * track or sets the next poll (`trackedStatusOutcome`). A poll in flight sets the next one itself
 * when it answers. A request no longer tracked is left alone.
 *
 * @param tracker - The tracker. {@link TrackerContext}
 * @param parameters - {@link ObserveTrackedStatusParameters}
 * @example
 * observeTrackedStatus(tracker, { subscription, observation: { kind: "pushed", response: status } })
 */
export function observeTrackedStatus(
  tracker: TrackerContext,
  { subscription, observation }: ObserveTrackedStatusParameters,
): void {
  if (!tracker.subscriptions.has(subscription.key)) return;
  const {
    state: next,
    action,
    changed,
  } = nextStatusPoll(
    trackerPollPolicy({ settings: tracker.settings, state: tracker.state, subscription }),
    subscription.poll,
    observation,
    tracker.clock.now(),
  );
  subscription.poll = next;
  if (changed) subscription.onUpdate?.(changed);
  const { requestId, notFoundWindowMs } = subscription;
  const outcome = trackedStatusOutcome({ action, requestId, notFoundWindowMs, reads: next.reads });
  if (outcome.kind === "finish") {
    finishTrack(tracker, { subscription, result: outcome.result });
    return;
  }
  // A read in flight reschedules when it answers.
  if (!subscription.polling) schedulePoll(tracker, { subscription, delayMs: outcome.afterMs });
}
