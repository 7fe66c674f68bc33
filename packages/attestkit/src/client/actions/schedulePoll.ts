import type { Subscription, TrackerContext } from "./statusTrackerTypes.js";

export type SchedulePollParameters = {
  subscription: Subscription;
  /** When to poll, in ms from now; 0 polls on the next turn. */
  delayMs: number;
};

/**
 * Sets a tracked request's next poll, replacing the one set before: a request has at most one poll
 * waiting. When it fires, the tracker runs `poll-due` (`pollTrackedRequest`).
 *
 * @param tracker - The tracker. {@link TrackerContext}
 * @param parameters - {@link SchedulePollParameters}
 * @example
 * schedulePoll(tracker, { subscription, delayMs: 0 })
 */
export function schedulePoll(
  tracker: TrackerContext,
  { subscription, delayMs }: SchedulePollParameters,
): void {
  tracker.clock.clearTimeout(subscription.pollTimer);
  subscription.pollTimer = tracker.clock.setTimeout(
    () => tracker.dispatch({ type: "poll-due", subscription }),
    delayMs,
  );
}
