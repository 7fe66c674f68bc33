import { reconnectDelay } from "./reconnectDelay.js";
import { schedulePoll } from "./schedulePoll.js";
import type { TrackerContext, WebSocketLike } from "./statusTrackerTypes.js";

export type DropConnectionParameters = {
  /** The socket that closed or failed; a socket that is not the tracker's current one changes nothing. */
  socket: WebSocketLike;
};

/**
 * Gives up the tracker's connection: its subscriptions are no longer acknowledged, and, while
 * requests are tracked and the tracker is open, it is `down`: every request is polled at once and
 * then at the poll interval, and it connects again after `reconnectDelay` (the backoff grows with
 * each failure in a row). Otherwise it is `idle`.
 *
 * @param tracker - The tracker. {@link TrackerContext}
 * @param parameters - {@link DropConnectionParameters}
 * @example
 * socket.addEventListener("close", () => dropConnection(tracker, { socket }))
 */
export function dropConnection(tracker: TrackerContext, { socket }: DropConnectionParameters): void {
  if (tracker.socket !== socket) return;
  const { clock, settings } = tracker;
  tracker.socket = undefined;
  clock.clearTimeout(tracker.connectTimer);
  for (const subscription of tracker.subscriptions.values()) {
    subscription.acknowledged = false;
    clock.clearTimeout(subscription.ackTimer);
    subscription.ackTimer = undefined;
  }
  if (tracker.closed || tracker.subscriptions.size === 0) {
    tracker.state = "idle";
    return;
  }
  tracker.state = "down";
  // Poll while the stream is down.
  for (const subscription of tracker.subscriptions.values())
    schedulePoll(tracker, { subscription, delayMs: 0 });
  const delay = reconnectDelay({
    baseDelayMs: settings.baseDelayMs,
    maxDelayMs: settings.maxDelayMs,
    failedAttempts: tracker.failedAttempts,
    random: Math.random(),
  });
  tracker.failedAttempts++;
  clock.clearTimeout(tracker.reconnectTimer);
  tracker.reconnectTimer = clock.setTimeout(() => tracker.dispatch({ type: "reconnect-due" }), delay);
}
