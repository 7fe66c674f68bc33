import { disconnectIfIdle } from "./disconnectIfIdle.js";
import { sendSubscription } from "./sendSubscription.js";
import type { Subscription, TrackerContext, TrackResult } from "./statusTrackerTypes.js";

export type FinishTrackParameters = {
  subscription: Subscription;
  /** The final status the track resolves with, or the error it rejects with. */
  result: TrackResult;
};

/**
 * Ends a track, once: stops following the request (its timers, its poll in flight, its abort
 * listener), unsubscribes it on the stream, closes the connection when nothing else is tracked, and
 * settles the track's promise. A track already ended is left as it is.
 *
 * @param tracker - The tracker. {@link TrackerContext}
 * @param parameters - {@link FinishTrackParameters}
 * @example
 * finishTrack(tracker, { subscription, result: { error: new AbortError({ cause: "the tracker was closed" }) } })
 */
export function finishTrack(tracker: TrackerContext, { subscription, result }: FinishTrackParameters): void {
  const { key, requestId } = subscription;
  if (tracker.subscriptions.get(key) !== subscription) return;
  tracker.subscriptions.delete(key);
  tracker.clock.clearTimeout(subscription.timeoutTimer);
  tracker.clock.clearTimeout(subscription.pollTimer);
  tracker.clock.clearTimeout(subscription.ackTimer);
  subscription.polling?.abort();
  subscription.signal?.removeEventListener("abort", subscription.onAbort);
  sendSubscription(tracker, { type: "unsubscribe", requestId });
  disconnectIfIdle(tracker);
  if ("status" in result) subscription.resolve(result.status);
  else subscription.reject(result.error);
}
