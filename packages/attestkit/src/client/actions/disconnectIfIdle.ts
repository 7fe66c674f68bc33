import { closeStreamSocket } from "./closeStreamSocket.js";
import type { TrackerContext } from "./statusTrackerTypes.js";

/**
 * Closes a tracker's connection (code 1000, `done`) once it follows no request, stops reconnecting,
 * and starts its backoff over: the tracker is `idle` until the next track.
 *
 * @param tracker - The tracker. {@link TrackerContext}
 * @example
 * disconnectIfIdle(tracker)
 */
export function disconnectIfIdle(tracker: TrackerContext): void {
  if (tracker.subscriptions.size > 0) return;
  tracker.clock.clearTimeout(tracker.reconnectTimer);
  tracker.clock.clearTimeout(tracker.connectTimer);
  const current = tracker.socket;
  tracker.socket = undefined;
  tracker.state = "idle";
  tracker.failedAttempts = 0;
  closeStreamSocket(tracker, { socket: current, code: 1000, reason: "done" });
}
