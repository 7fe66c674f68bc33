import { observeTrackedStatus } from "./observeTrackedStatus.js";
import { readStreamMessage } from "./readStreamMessage.js";
import { schedulePoll } from "./schedulePoll.js";
import type { TrackerContext } from "./statusTrackerTypes.js";
import { subscribeRequest } from "./subscribeRequest.js";

export type HandleStreamMessageParameters = {
  /** The message's data, from the tracker's current socket. */
  data: unknown;
};

/**
 * Acts on one message of the tracker's connection (`readStreamMessage`): the ready message makes
 * the connection `connected` and subscribes every tracked request; an acknowledgement restarts the
 * reconnection backoff (the stream works) and polls the request once, to catch a change made before
 * it was subscribed; a status is judged by the same policy as a read (`observeTrackedStatus`; an
 * unknown one asks for a read). Messages about requests not tracked are ignored.
 *
 * @param tracker - The tracker. {@link TrackerContext}
 * @param parameters - {@link HandleStreamMessageParameters}
 * @example
 * socket.addEventListener("message", (message) => handleStreamMessage(tracker, { data: message.data }))
 */
export function handleStreamMessage(tracker: TrackerContext, { data }: HandleStreamMessageParameters): void {
  const message = readStreamMessage({ data });
  if (message.kind === "ready") {
    tracker.state = "connected";
    tracker.clock.clearTimeout(tracker.connectTimer);
    for (const subscription of tracker.subscriptions.values()) subscribeRequest(tracker, { subscription });
    return;
  }
  if (message.kind === "other") return;
  const subscription = tracker.subscriptions.get(message.key);
  if (!subscription) return;
  if (message.kind === "subscribed") {
    // The stream works (ready and answering): the backoff starts over.
    tracker.failedAttempts = 0;
    subscription.acknowledged = true;
    tracker.clock.clearTimeout(subscription.ackTimer);
    subscription.ackTimer = undefined;
    // Subscribed: one poll catches a change made before, then safety polls only.
    schedulePoll(tracker, { subscription, delayMs: 0 });
    return;
  }
  // A pushed status is news, judged by the same policy as a read (an unknown one asks for a read).
  observeTrackedStatus(tracker, { subscription, observation: { kind: "pushed", response: message.status } });
}
