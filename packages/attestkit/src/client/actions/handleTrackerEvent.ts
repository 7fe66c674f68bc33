import { closeStreamSocket } from "./closeStreamSocket.js";
import { connectStream } from "./connectStream.js";
import { dropConnection } from "./dropConnection.js";
import { handleStreamMessage } from "./handleStreamMessage.js";
import { pollTrackedRequest } from "./pollTrackedRequest.js";
import type { TrackerContext, TrackerEvent } from "./statusTrackerTypes.js";

/**
 * Runs what reaches a tracker from a timer or a socket, each event by its executor:
 *
 * | event | what the tracker does |
 * |-------|-----------------------|
 * | `poll-due` | reads the request's status (`pollTrackedRequest`) |
 * | `reconnect-due` | connects again (`connectStream`) |
 * | `message` | acts on it, if its socket is still the tracker's (`handleStreamMessage`) |
 * | `closed` | drops the connection (`dropConnection`) |
 * | `failed` | closes the socket (`closeStreamSocket`), then drops the connection |
 *
 * Timers and listeners reach the executors through this one table (`tracker.dispatch`), so the
 * executors that set them never name the executors they run.
 *
 * @param tracker - The tracker. {@link TrackerContext}
 * @param event - What happened. {@link TrackerEvent}
 * @example
 * const tracker: TrackerContext = { ..., dispatch: (event) => handleTrackerEvent(tracker, event) }
 */
export function handleTrackerEvent(tracker: TrackerContext, event: TrackerEvent): void {
  switch (event.type) {
    case "poll-due":
      void pollTrackedRequest(tracker, { subscription: event.subscription });
      return;
    case "reconnect-due":
      void connectStream(tracker);
      return;
    case "message":
      if (tracker.socket === event.socket) handleStreamMessage(tracker, { data: event.data });
      return;
    case "closed":
      dropConnection(tracker, { socket: event.socket });
      return;
    case "failed":
      closeStreamSocket(tracker, { socket: event.socket });
      dropConnection(tracker, { socket: event.socket });
  }
}
