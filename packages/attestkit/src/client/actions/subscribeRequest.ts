import { sendSubscription } from "./sendSubscription.js";
import type { Subscription, TrackerContext } from "./statusTrackerTypes.js";

export type SubscribeRequestParameters = {
  subscription: Subscription;
};

/**
 * Subscribes a tracked request on the tracker's connection, when it is ready, and waits the ready
 * window (`connectTimeoutMs`) for the acknowledgement. A connection that never acknowledges it is
 * dropped like one that never says ready (`failed`), so polling takes over within the same window.
 *
 * @param tracker - The tracker. {@link TrackerContext}
 * @param parameters - {@link SubscribeRequestParameters}
 * @example
 * for (const subscription of tracker.subscriptions.values()) subscribeRequest(tracker, { subscription })
 */
export function subscribeRequest(
  tracker: TrackerContext,
  { subscription }: SubscribeRequestParameters,
): void {
  const at = tracker.socket;
  if (tracker.state !== "connected" || !at) return;
  subscription.acknowledged = false;
  tracker.clock.clearTimeout(subscription.ackTimer);
  subscription.ackTimer = tracker.clock.setTimeout(() => {
    subscription.ackTimer = undefined;
    if (tracker.socket !== at || subscription.acknowledged) return;
    tracker.dispatch({ type: "failed", socket: at });
  }, tracker.settings.connectTimeoutMs);
  sendSubscription(tracker, { type: "subscribe", requestId: subscription.requestId });
}
