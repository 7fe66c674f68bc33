import { dropConnection } from "./dropConnection.js";
import { resolveWebSocket } from "./resolveWebSocket.js";
import type { TrackerContext, WebSocketLike } from "./statusTrackerTypes.js";

/**
 * Opens the tracker's connection to the status stream, unless it is closed, already has one, or
 * tracks nothing: `connecting` until the ready message (`handleStreamMessage`). A connection that is
 * not ready within the ready window (a handshake never answered, a silent server) fails, like one
 * whose socket reports an error: it is closed and dropped, and polling takes over until the next
 * one. One that cannot even be made (no implementation, a URL refused) is dropped at once.
 *
 * @param tracker - The tracker. {@link TrackerContext}
 * @returns When the socket is made (not when it is ready).
 * @example
 * void connectStream(tracker)
 */
export async function connectStream(tracker: TrackerContext): Promise<void> {
  if (tracker.closed || tracker.socket || tracker.subscriptions.size === 0) return;
  tracker.state = "connecting";
  let opened: WebSocketLike;
  try {
    const Implementation = await resolveWebSocket(tracker.settings.WebSocket);
    if (tracker.closed || tracker.socket || tracker.subscriptions.size === 0) return;
    opened = new Implementation(tracker.settings.url.toString());
  } catch {
    const placeholder = { readyState: 3 } as WebSocketLike;
    tracker.socket = placeholder;
    return dropConnection(tracker, { socket: placeholder });
  }
  tracker.socket = opened;
  // Not ready in time (a handshake never answered, a silent server): polling takes over.
  tracker.connectTimer = tracker.clock.setTimeout(
    () => tracker.dispatch({ type: "failed", socket: opened }),
    tracker.settings.connectTimeoutMs,
  );
  opened.addEventListener("message", (message) =>
    tracker.dispatch({ type: "message", socket: opened, data: message.data }),
  );
  opened.addEventListener("close", () => tracker.dispatch({ type: "closed", socket: opened }));
  opened.addEventListener("error", () => tracker.dispatch({ type: "failed", socket: opened }));
}
