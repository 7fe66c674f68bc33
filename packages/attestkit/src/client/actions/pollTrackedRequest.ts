import type { StatusResponse } from "../../schemas/index.js";
import type { StatusObservation } from "../utils/nextStatusPoll.js";
import { getStatus } from "./getStatus.js";
import { observeTrackedStatus } from "./observeTrackedStatus.js";
import type { Subscription, TrackerContext } from "./statusTrackerTypes.js";

export type PollTrackedRequestParameters = {
  subscription: Subscription;
};

/**
 * Reads a tracked request's status once (`GET /intents/status/v3`, one attempt: the next poll is the
 * retry, with the policy's backoff) and hands the answer, or the failure, to
 * `observeTrackedStatus`. One poll at a time per request; a poll aborted because its track ended
 * observes nothing.
 *
 * @param tracker - The tracker. {@link TrackerContext}
 * @param parameters - {@link PollTrackedRequestParameters}
 * @returns When the poll has been observed.
 * @example
 * void pollTrackedRequest(tracker, { subscription })
 */
export async function pollTrackedRequest(
  tracker: TrackerContext,
  { subscription }: PollTrackedRequestParameters,
): Promise<void> {
  if (subscription.polling || !tracker.subscriptions.has(subscription.key)) return;
  const controller = new AbortController();
  subscription.polling = controller;
  let observation: StatusObservation<StatusResponse>;
  try {
    // One attempt per poll: the next poll is the retry, with the policy's backoff.
    const response = await getStatus(
      tracker.client,
      { requestId: subscription.requestId },
      { signal: controller.signal, retry: false },
    );
    observation = { kind: "read", response };
  } catch (error) {
    if (controller.signal.aborted) return;
    observation = { kind: "failed", error };
  } finally {
    subscription.polling = undefined;
  }
  observeTrackedStatus(tracker, { subscription, observation });
}
