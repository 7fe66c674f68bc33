import type { TrackerContext, WebSocketLike } from "./statusTrackerTypes.js";

export type CloseStreamSocketParameters = {
  /** The socket to close; undefined closes nothing. */
  socket: WebSocketLike | undefined;
  /** The close code, and its reason, to send; none by default. */
  code?: number | undefined;
  reason?: string | undefined;
};

/**
 * Closes one of a tracker's sockets, once. Closing a socket that is still connecting makes Node's
 * WebSocket fire `error` inside `close()`, and the error listener closes it again: a socket closed
 * before returns at once, so that call ends there. A `close()` that throws is ignored: the socket is
 * given up either way.
 *
 * @param tracker - The tracker. {@link TrackerContext}
 * @param parameters - {@link CloseStreamSocketParameters}
 * @example
 * closeStreamSocket(tracker, { socket: tracker.socket, code: 1000, reason: "done" })
 */
export function closeStreamSocket(
  tracker: TrackerContext,
  { socket, code, reason }: CloseStreamSocketParameters,
): void {
  if (!socket || tracker.closing.has(socket)) return;
  tracker.closing.add(socket);
  try {
    if (code === undefined) socket.close();
    else socket.close(code, reason);
  } catch {}
}
