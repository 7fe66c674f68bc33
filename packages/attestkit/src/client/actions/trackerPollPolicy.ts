import { isFinalStatus, isKnownStatus } from "../../schemas/statuses.js";
import type { StatusPollPolicy } from "../utils/nextStatusPoll.js";
import type { StatusTrackerState, Subscription, TrackerSettings } from "./statusTrackerTypes.js";

export type TrackerPollPolicyParameters = {
  settings: TrackerSettings;
  /** The state of the tracker's connection. */
  state: StatusTrackerState;
  subscription: Subscription;
};

/**
 * The status policy a tracker follows a request by: `waitForStatus`'s (final statuses settle, the
 * request's failure grace and not-found window), polling at the connected interval while the stream
 * is connected, has acknowledged the request and a status was read (polls are then a safety net: an
 * event may be lost), and at the poll interval otherwise (down, connecting, not yet acknowledged).
 *
 * @param parameters - {@link TrackerPollPolicyParameters}
 * @returns The policy for `nextStatusPoll`. {@link StatusPollPolicy}
 * @example
 * nextStatusPoll(trackerPollPolicy({ settings, state, subscription }), subscription.poll, observation, now)
 */
export function trackerPollPolicy({
  settings,
  state,
  subscription,
}: TrackerPollPolicyParameters): StatusPollPolicy {
  return {
    isSettled: isFinalStatus,
    isKnown: isKnownStatus,
    intervalMs:
      state === "connected" && subscription.acknowledged && subscription.poll.last !== undefined
        ? settings.connectedPollIntervalMs
        : settings.pollIntervalMs,
    failureGraceMs: subscription.failureGraceMs,
    notFoundWindowMs: subscription.notFoundWindowMs,
    maxBackoffMs: settings.maxBackoffMs,
  };
}
